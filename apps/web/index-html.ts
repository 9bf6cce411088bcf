/**
 * index.html's style sheets ahead of what it fetches for the script: the site configuration's preload, the
 * entry script and the chunks it preloads (the build writes the style sheets last). A phone on a slow link
 * then asks first for the style sheet, which the first paint waits for, and only then for what the script
 * needs. The server puts home's first banner right after them (web-app.ts).
 */
export const styleSheetsFirst = (html: string): string => {
  const styleSheets = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
  if (styleSheets.length === 0) return html;
  let rest = html;
  for (const link of styleSheets) rest = rest.replace(link, '');
  const first = rest.search(/[ \t]*<(link rel="(module)?preload"|script type="module")/);
  if (first === -1) return html;
  return `${rest.slice(0, first)}${styleSheets.join('')}${rest.slice(first)}`;
};
