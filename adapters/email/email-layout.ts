import { html, type SafeHtml } from './html';

// Inline styles only: most email clients drop <style> blocks and never load stylesheets.
const font = 'font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937';
const cell = 'padding:8px 12px;border-top:1px solid #e5e7eb;vertical-align:top;text-align:left';

/** One row of a details table: what the value is, and the value (text, or HTML such as a link). */
export type DetailRow = readonly [label: string, value: string | SafeHtml];

/** A link in the email's colours, underlined so it reads as a link without colour. */
export function link(href: string, text: string): SafeHtml {
  return html`<a href="${href}" style="color:#1d4ed8;text-decoration:underline">${text}</a>`;
}

/** A paragraph with the spacing every client keeps (their default margins differ). */
export function paragraph(content: string | SafeHtml): SafeHtml {
  return html`<p style="margin:0 0 16px">${content}</p>`;
}

/**
 * Labelled values as a real data table (a caption, row headers), so screen readers announce each
 * value with its label, and every client lines them up without CSS.
 */
export function detailsTable(caption: string, rows: readonly DetailRow[]): SafeHtml {
  const body = rows.map(
    ([label, value]) =>
      html`<tr><th scope="row" style="${cell};width:35%;font-weight:bold;color:#374151">${label}</th><td style="${cell}">${value}</td></tr>`,
  );
  return html`<table style="width:100%;border-collapse:collapse;margin:0 0 16px;${font}">
<caption style="text-align:left;font-weight:bold;padding:0 0 8px">${caption}</caption>
<tbody>${body}</tbody>
</table>`;
}

/** A whole HTML email: one centred column of at most 600px, with the title as its heading. */
export function emailDocument({ title, banner, content }: { title: string; banner?: string; content: SafeHtml }): string {
  const bannerRow = banner
    ? html`<p style="margin:0 0 16px;padding:8px 12px;background:#b91c1c;color:#ffffff;font-weight:bold;letter-spacing:0.05em">${banner}</p>`
    : html``;
  return html`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" style="width:100%;border-collapse:collapse;background:#f3f4f6">
<tr><td style="padding:24px 12px">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;${font}">
${bannerRow}<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${title}</h1>
${content}
</div>
</td></tr>
</table>
</body>
</html>
`.markup;
}
