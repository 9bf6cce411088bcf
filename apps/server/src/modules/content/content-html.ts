import sanitizeHtml from 'sanitize-html';

/**
 * The HTML operators may store in announcements and help articles: text formatting, lists, tables, links
 * and images. Scripts, event handlers, styles, frames and forms are dropped when the content is saved (the
 * site sanitises again before showing it, in case a row was written some other way).
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'div',
    'span',
    'blockquote',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // A link that leaves the site must not hand it window.opener.
  transformTags: {
    a: (tagName, attributes) => ({
      tagName,
      attribs: attributes.target === '_blank' ? { ...attributes, rel: 'noopener noreferrer' } : attributes,
    }),
  },
};

export const sanitizeContentHtml = (html: string): string => sanitizeHtml(html, options).trim();
