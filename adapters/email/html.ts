/** A piece of HTML that is already safe: markup we wrote, with every value escaped inside it. */
export class SafeHtml {
  constructor(readonly markup: string) {}

  toString(): string {
    return this.markup;
  }
}

type Interpolation = string | number | SafeHtml | readonly SafeHtml[];

const entities: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The text as HTML that shows it as typed, safe in element content and in quoted attributes. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => entities[character] ?? character);
}

function render(value: Interpolation): string {
  if (value instanceof SafeHtml) return value.markup;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return escapeHtml(value);
  return value.map((part) => part.markup).join('');
}

/**
 * HTML from a template whose every interpolated string is escaped, so no value a visitor typed can
 * ever become markup: only nested `html` results pass through as they are.
 */
export function html(strings: TemplateStringsArray, ...values: readonly Interpolation[]): SafeHtml {
  return new SafeHtml(strings.reduce((markup, string, index) => {
    const value = values[index - 1];
    return markup + (value === undefined ? '' : render(value)) + string;
  }));
}

/** The text with its line breaks kept as <br>, since many email clients ignore `white-space`. */
export function multiline(text: string): SafeHtml {
  const lines = text.split(/\r\n|\r|\n/).map((line) => html`${line}`);
  return new SafeHtml(lines.map((line) => line.markup).join('<br>'));
}
