import { createHash } from 'node:crypto';
import { formatProtocolAmount } from './amounts';
import type { VendorSession } from './sessions';
import { payTable, symbols, stakeUnits } from './slot';
import { fill, languageOf, type Strings } from './strings';

/**
 * The game page: plain HTML, the slot's stylesheet and script from /assets (the page's CSP allows nothing
 * inline), and the session's starting state in a JSON data block the script reads.
 */

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** JSON that is safe inside a script element: no `<` can close it. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Every game of the catalogue gets its own colour, from its code. */
const hueOf = (gameCode: string): number =>
  createHash('sha256').update(gameCode).digest().readUInt16BE(0) % 360;

const page = ({
  language,
  direction,
  title,
  body,
}: {
  language: string;
  direction: string;
  title: string;
  body: string;
}): string => `<!doctype html>
<html lang="${escapeHtml(language)}" dir="${escapeHtml(direction)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/assets/slot.css">
</head>
<body>
${body}
</body>
</html>
`;

export const renderPlayPage = (session: VendorSession): string => {
  const { language, direction, strings } = languageOf(session.language);
  const title = `${strings.title} · ${session.gameCode}`;
  const config = {
    session: session.id,
    mode: session.mode,
    currency: session.currency,
    balance: formatProtocolAmount(session.balance),
    lastWin: formatProtocolAmount(session.lastWin),
    stakes: stakeUnits,
    hue: hueOf(session.gameCode),
    symbols,
    strings,
  };
  const stakeOptions = stakeUnits
    .map((units) => `<option value="${units}">${units}.00 ${escapeHtml(session.currency)}</option>`)
    .join('');
  const payRows = symbols
    .map(
      (symbol) =>
        `<tr><th scope="row"><span class="pay-symbol" data-symbol="${symbol}"></span> ${escapeHtml(strings[symbol])}</th>` +
        `<td>${escapeHtml(fill(strings.timesBet, { multiplier: payTable[symbol].toString() }))}</td></tr>`,
    )
    .join('');
  const cells = [0, 1, 2]
    .map(
      (reel) =>
        `<div class="reel" data-reel="${reel}">${[0, 1, 2]
          .map((row) => `<div class="cell" data-row="${row}"></div>`)
          .join('')}</div>`,
    )
    .join('');
  const body = `<main class="slot" id="slot">
<header class="slot__header">
<h1 class="slot__title">${escapeHtml(strings.title)} <span class="slot__code">${escapeHtml(session.gameCode)} · ${escapeHtml(session.vendorCode)}</span></h1>
<p class="slot__mode slot__mode--${session.mode}">${escapeHtml(session.mode === 'real' ? strings.realMoney : strings.demoMoney)}</p>
</header>
<div class="slot__reels" id="reels" role="img" aria-label="${escapeHtml(strings.reels)}">${cells}<svg class="slot__lines" id="lines" viewBox="0 0 300 300" aria-hidden="true" focusable="false"></svg></div>
<div class="slot__meters">
<p class="meter"><span class="meter__label" id="balance-label">${escapeHtml(strings.balance)}</span> <output class="meter__value" id="balance" aria-labelledby="balance-label">${escapeHtml(formatProtocolAmount(session.balance))} ${escapeHtml(session.currency)}</output></p>
<p class="meter"><span class="meter__label" id="last-win-label">${escapeHtml(strings.lastWin)}</span> <output class="meter__value" id="last-win" aria-labelledby="last-win-label">${escapeHtml(formatProtocolAmount(session.lastWin))} ${escapeHtml(session.currency)}</output></p>
</div>
<div class="slot__controls">
<label class="stake" for="stake"><span>${escapeHtml(strings.bet)}</span> <select id="stake" name="stake">${stakeOptions}</select></label>
<button class="spin" id="spin" type="button">${escapeHtml(strings.spin)}</button>
</div>
<p class="slot__result" id="result" role="status" aria-live="polite"></p>
<details class="slot__paytable">
<summary>${escapeHtml(strings.paytable)}</summary>
<table><caption>${escapeHtml(strings.paytableCaption)}</caption>
<thead><tr><th scope="col">${escapeHtml(strings.symbol)}</th><th scope="col">${escapeHtml(strings.pays)}</th></tr></thead>
<tbody>${payRows}</tbody></table>
</details>
<p class="slot__notice">${escapeHtml(strings.demoContent)}</p>
</main>
<script type="application/json" id="slot-config">${scriptJson(config)}</script>
<script src="/assets/slot.js"></script>`;
  return page({ language, direction, title, body });
};

export type OpenFailure = keyof Pick<
  Strings,
  'tokenUsed' | 'missingToken' | 'walletRefusedOpen' | 'walletUnavailableOpen' | 'badLaunch'
>;

/** Why the game did not open, in the player's language. */
export const renderOpenFailurePage = (
  requestedLanguage: string,
  reason: OpenFailure,
  status = '',
): string => {
  const { language, direction, strings } = languageOf(requestedLanguage);
  const body = `<main class="slot slot--failure">
<h1 class="slot__title">${escapeHtml(strings.cantOpen)}</h1>
<p role="alert">${escapeHtml(fill(strings[reason], { status }))}</p>
<p class="slot__notice">${escapeHtml(strings.demoContent)}</p>
</main>`;
  return page({ language, direction, title: strings.cantOpen, body });
};

/** The vendor's front door: what it is, and that games open from the casino. */
export const renderIndexPage = (): string => {
  const { language, direction, strings } = languageOf('en');
  const body = `<main class="slot slot--failure">
<h1 class="slot__title">Demo game vendor</h1>
<p>This is the platform's demo game vendor: a separate service that behaves like an external game vendor.
Its games open from the casino's lobby, which launches them at <code>/play</code> with a one-time token.</p>
<p class="slot__notice">${escapeHtml(strings.demoContent)}</p>
</main>`;
  return page({ language, direction, title: 'Demo game vendor', body });
};
