/**
 * Hands text to the browser as a file to save, as a download link would: a Blob, an object URL for
 * it, and a link that is clicked and removed at once. Nothing is sent anywhere.
 */
export function downloadFile(content: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Once the click has started the download the URL may go; revoking it at once can cancel it.
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
