// The demo slot's page script: plain JavaScript, no build step, no inline code (the page's CSP forbids it).
// It reads the session from #slot-config, asks the vendor's own API for each spin (the vendor settles the
// money with the casino's wallet), animates the reels and announces every result to screen readers.
(() => {
  'use strict';

  const configElement = document.getElementById('slot-config');
  if (!configElement) return;
  const config = JSON.parse(configElement.textContent || '{}');
  const strings = config.strings;
  const fill = (template, values) =>
    template.replace(/\{(\w+)\}/g, (mark, name) => (name in values ? values[name] : mark));

  // The launch URL carries the casino's one-time token: keep it out of the history and of bookmarks.
  if (window.location.search) window.history.replaceState(null, '', window.location.pathname);

  const root = document.getElementById('slot');
  const reelsElement = document.getElementById('reels');
  const linesElement = document.getElementById('lines');
  const spinButton = document.getElementById('spin');
  const stakeSelect = document.getElementById('stake');
  const balanceOutput = document.getElementById('balance');
  const lastWinOutput = document.getElementById('last-win');
  const resultElement = document.getElementById('result');
  if (!root || !reelsElement || !linesElement || !spinButton || !stakeSelect || !balanceOutput) return;
  if (!lastWinOutput || !resultElement) return;
  root.style.setProperty('--hue', String(config.hue));

  // ---------------------------------------------------------------------------------------------------
  // Our own symbol art, drawn as SVG shapes.

  const svgNamespace = 'http://www.w3.org/2000/svg';
  const art = {
    cherry: [
      [
        'path',
        {
          d: 'M22 36 C24 22 32 14 42 8 M43 38 C41 26 40 16 42 8',
          stroke: '#2f7d32',
          'stroke-width': 3,
          fill: 'none',
        },
      ],
      ['ellipse', { cx: 46, cy: 12, rx: 9, ry: 4, fill: '#43a047', transform: 'rotate(-25 46 12)' }],
      ['circle', { cx: 21, cy: 45, r: 11, fill: '#d62839' }],
      ['circle', { cx: 43, cy: 47, r: 11, fill: '#b71c2c' }],
      ['circle', { cx: 17, cy: 41, r: 3, fill: '#ff8a95' }],
      ['circle', { cx: 39, cy: 43, r: 3, fill: '#ff8a95' }],
    ],
    lemon: [
      ['ellipse', { cx: 32, cy: 34, rx: 23, ry: 16, fill: '#f7d81c', stroke: '#c9a800', 'stroke-width': 2 }],
      ['circle', { cx: 9, cy: 34, r: 3, fill: '#e0bd00' }],
      ['circle', { cx: 55, cy: 34, r: 3, fill: '#e0bd00' }],
      ['ellipse', { cx: 25, cy: 28, rx: 8, ry: 3, fill: '#fff3a0' }],
    ],
    bell: [
      [
        'path',
        {
          d: 'M32 9 C20 9 16 21 16 33 L11 46 H53 L48 33 C48 21 44 9 32 9 Z',
          fill: '#f2b705',
          stroke: '#b37f00',
          'stroke-width': 2,
        },
      ],
      ['rect', { x: 28, y: 4, width: 8, height: 6, rx: 2, fill: '#b37f00' }],
      ['circle', { cx: 32, cy: 51, r: 5, fill: '#8a5a00' }],
      ['path', { d: 'M22 32 C22 22 25 16 30 14', stroke: '#fff1b8', 'stroke-width': 3, fill: 'none' }],
    ],
    star: [
      [
        'polygon',
        {
          points: '32,5 39.5,23.5 59,24.5 44,37 49,56 32,45.5 15,56 20,37 5,24.5 24.5,23.5',
          fill: '#ffcc33',
          stroke: '#e08e00',
          'stroke-width': 2,
          'stroke-linejoin': 'round',
        },
      ],
      ['circle', { cx: 32, cy: 32, r: 6, fill: '#fff0b3' }],
    ],
    seven: [
      ['rect', { x: 8, y: 6, width: 48, height: 52, rx: 10, fill: '#1d3557' }],
      [
        'path',
        {
          d: 'M18 16 H46 L30 52 H21 L35 24 H18 Z',
          fill: '#e63946',
          stroke: '#ffd6da',
          'stroke-width': 2,
          'stroke-linejoin': 'round',
        },
      ],
    ],
    lotus: [
      ['ellipse', { cx: 32, cy: 30, rx: 7, ry: 18, fill: '#f49ac1' }],
      ['ellipse', { cx: 32, cy: 34, rx: 6, ry: 17, fill: '#ee7fb0', transform: 'rotate(-40 32 46)' }],
      ['ellipse', { cx: 32, cy: 34, rx: 6, ry: 17, fill: '#ee7fb0', transform: 'rotate(40 32 46)' }],
      ['ellipse', { cx: 32, cy: 38, rx: 5, ry: 15, fill: '#e05297', transform: 'rotate(-75 32 48)' }],
      ['ellipse', { cx: 32, cy: 38, rx: 5, ry: 15, fill: '#e05297', transform: 'rotate(75 32 48)' }],
      [
        'path',
        {
          d: 'M12 52 Q32 60 52 52',
          stroke: '#2a9d8f',
          'stroke-width': 4,
          fill: 'none',
          'stroke-linecap': 'round',
        },
      ],
    ],
  };

  const drawSymbol = (symbol) => {
    const svg = document.createElementNS(svgNamespace, 'svg');
    svg.setAttribute('viewBox', '0 0 64 64');
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('focusable', 'false');
    for (const [tag, attributes] of art[symbol] || []) {
      const shape = document.createElementNS(svgNamespace, tag);
      for (const [name, value] of Object.entries(attributes)) shape.setAttribute(name, String(value));
      svg.appendChild(shape);
    }
    return svg;
  };

  const cellsOf = (reel) => Array.from(reelsElement.querySelectorAll(`[data-reel="${reel}"] .cell`));
  const showSymbol = (cell, symbol) => {
    cell.dataset.symbol = symbol;
    cell.replaceChildren(drawSymbol(symbol));
  };
  for (const element of document.querySelectorAll('.pay-symbol')) {
    element.replaceChildren(drawSymbol(element.getAttribute('data-symbol')));
  }

  const randomIndex = (max) => {
    const value = new Uint32Array(1);
    window.crypto.getRandomValues(value);
    return value[0] % max;
  };
  const randomSymbol = () => config.symbols[randomIndex(config.symbols.length)];

  const describeGrid = (grid) =>
    fill(strings.reelsShow, {
      cells: grid
        .map((column, reel) =>
          fill(strings.column, {
            number: String(reel + 1),
            symbols: column.map((symbol) => strings[symbol]).join(', '),
          }),
        )
        .join('; '),
    });

  // The opening window: any symbols, as a machine at rest.
  const openingGrid = [0, 1, 2].map(() => [0, 1, 2].map(() => randomSymbol()));
  openingGrid.forEach((column, reel) => cellsOf(reel).forEach((cell, row) => showSymbol(cell, column[row])));
  reelsElement.setAttribute('aria-label', describeGrid(openingGrid));

  // ---------------------------------------------------------------------------------------------------
  // Spinning.

  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const wait = (ms) => new Promise((resolve) => window.setTimeout(resolve, ms));
  const money = (amount) => `${amount} ${config.currency}`;
  const lineRows = [
    [1, 1, 1],
    [0, 0, 0],
    [2, 2, 2],
    [0, 1, 2],
    [2, 1, 0],
  ];

  const clearWins = () => {
    linesElement.replaceChildren();
    for (const cell of reelsElement.querySelectorAll('.cell--win')) cell.classList.remove('cell--win');
  };

  const showWins = (lines) => {
    for (const { line } of lines) {
      const rows = lineRows[line];
      const polyline = document.createElementNS(svgNamespace, 'polyline');
      polyline.setAttribute(
        'points',
        rows.map((row, reel) => `${50 + reel * 100},${50 + row * 100}`).join(' '),
      );
      polyline.setAttribute('class', 'win-line');
      linesElement.appendChild(polyline);
      rows.forEach((row, reel) => cellsOf(reel)[row]?.classList.add('cell--win'));
    }
  };

  /** Cells flicker through symbols until `stopped` resolves, then each reel lands in turn. */
  const animate = async (stopped) => {
    if (reducedMotion) return stopped;
    reelsElement.classList.add('slot__reels--spinning');
    const timer = window.setInterval(() => {
      for (const reel of [0, 1, 2]) {
        if (!reelsElement.querySelector(`[data-reel="${reel}"].reel--spinning`)) continue;
        for (const cell of cellsOf(reel)) showSymbol(cell, randomSymbol());
      }
    }, 70);
    for (const reel of reelsElement.querySelectorAll('.reel')) reel.classList.add('reel--spinning');
    const [result] = await Promise.all([stopped, wait(600)]);
    for (const reel of [0, 1, 2]) {
      const column = result.grid ? result.grid[reel] : null;
      const reelElement = reelsElement.querySelector(`[data-reel="${reel}"]`);
      reelElement?.classList.remove('reel--spinning');
      if (column) cellsOf(reel).forEach((cell, row) => showSymbol(cell, column[row]));
      await wait(160);
    }
    window.clearInterval(timer);
    reelsElement.classList.remove('slot__reels--spinning');
    return result;
  };

  const announce = (text) => {
    resultElement.textContent = text;
  };

  const describeLines = (lines) => lines.map(({ line }) => strings[`line${line}`]).join(strings.and);

  const requestSpin = async (stake) => {
    try {
      const response = await fetch('/api/spin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session: config.session, stake }),
      });
      return await response.json();
    } catch {
      return { status: 'wallet_unavailable' };
    }
  };

  let sessionEnded = false;
  const spin = async () => {
    if (spinButton.disabled || sessionEnded) return;
    const stake = Number(stakeSelect.value);
    spinButton.disabled = true;
    stakeSelect.disabled = true;
    spinButton.textContent = strings.spinning;
    root.setAttribute('aria-busy', 'true');
    clearWins();
    announce('');
    const result = await animate(requestSpin(stake));
    root.removeAttribute('aria-busy');
    if (result.balance !== undefined) balanceOutput.textContent = money(result.balance);
    switch (result.status) {
      case 'ok': {
        lastWinOutput.textContent = money(result.win);
        reelsElement.setAttribute('aria-label', describeGrid(result.grid));
        result.grid.forEach((column, reel) =>
          cellsOf(reel).forEach((cell, row) => showSymbol(cell, column[row])),
        );
        showWins(result.lines);
        if (result.lines.length === 0) announce(strings.noWin);
        else if (result.winPending) announce(fill(strings.winPending, { amount: money(result.win) }));
        else announce(fill(strings.won, { amount: money(result.win), lines: describeLines(result.lines) }));
        break;
      }
      case 'not_enough_money':
        announce(strings.notEnoughMoney);
        break;
      case 'refused':
        announce(fill(strings.refused, { status: result.reason }));
        break;
      case 'busy':
        announce(strings.busy);
        break;
      case 'session_not_found':
        sessionEnded = true;
        announce(strings.sessionLost);
        break;
      default:
        announce(strings.walletUnavailable);
    }
    spinButton.textContent = strings.spin;
    spinButton.disabled = sessionEnded;
    stakeSelect.disabled = sessionEnded;
    if (!sessionEnded) spinButton.focus();
  };

  spinButton.addEventListener('click', () => {
    void spin();
  });
})();
