/**
 * Runs an action that may take a request's card off the list, and if it does while focus was on it,
 * moves focus to the neighbouring card's heading (or the page's heading), so a keyboard or screen
 * reader user carries on from where they were instead of being sent back to the top of the page.
 */
export async function focusAfterLeaving(from: HTMLElement, action: () => Promise<void>): Promise<void> {
  const item = from.closest('li');
  const neighbours = [item?.nextElementSibling, item?.previousElementSibling];
  await action();
  if (item === null || item.isConnected) return;
  const target = neighbours.find((neighbour) => neighbour?.isConnected)?.querySelector('h2') ?? document.getElementById('quotes-title');
  target?.focus();
}
