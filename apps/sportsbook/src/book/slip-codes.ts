import { namedSystems, type NamedSystem, type SlipKind } from '../slip/slip-kinds';

/** A slip kind as stored and sent: 'single', 'accumulator', 'system:2/3' (sizes joined by '+'), 'trixie' … */
export const slipKindCode = (kind: SlipKind): string => {
  if (kind.type === 'single' || kind.type === 'accumulator') return kind.type;
  if (kind.type === 'named_system') return kind.name;
  return `system:${kind.sizes.join('+')}/${String(kind.legs)}`;
};

const isNamedSystem = (code: string): code is NamedSystem => Object.hasOwn(namedSystems, code);

/** The kind of a code, or null when it names none. */
export const slipKindOf = (code: string): SlipKind | null => {
  if (code === 'single' || code === 'accumulator') return { type: code };
  if (isNamedSystem(code)) return { type: 'named_system', name: code };
  const match = /^system:(\d+(?:\+\d+)*)\/(\d+)$/.exec(code);
  if (!match) return null;
  const legs = Number(match[2]);
  const sizes = (match[1] ?? '').split('+').map(Number);
  if (sizes.some((size) => size < 1 || size > legs)) return null;
  return { type: 'system', legs, sizes };
};
