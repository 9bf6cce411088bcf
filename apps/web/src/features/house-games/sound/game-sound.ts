/**
 * The house games' sound effects, synthesised with the Web Audio API (no audio files, nothing fetched). The
 * audio context is created on the first gesture on a game page while sound is on (browsers keep audio off
 * before one), never at load; a member's mute switch is kept in this browser under `sound-muted:<member id>`
 * (the server keeps no member preferences). Sound is on until the member mutes it.
 */

export type SoundName = 'spin' | 'tick' | 'card' | 'chip' | 'win' | 'lose' | 'shot' | 'hit' | 'crash';

/** One tone: `seconds` long from `at`, its pitch gliding from `from` to `to` Hz, fading out. */
type Tone = {
  at: number;
  seconds: number;
  from: number;
  to?: number;
  wave?: OscillatorType;
  volume?: number;
};

const recipes: Readonly<Record<SoundName, readonly Tone[]>> = {
  spin: [{ at: 0, seconds: 0.3, from: 180, to: 720, wave: 'sawtooth', volume: 0.05 }],
  tick: [{ at: 0, seconds: 0.03, from: 1500, wave: 'square', volume: 0.04 }],
  card: [{ at: 0, seconds: 0.07, from: 1200, to: 400, wave: 'triangle', volume: 0.12 }],
  chip: [
    { at: 0, seconds: 0.05, from: 2400, to: 1700, wave: 'triangle', volume: 0.15 },
    { at: 0.05, seconds: 0.06, from: 2900, to: 2000, wave: 'triangle', volume: 0.1 },
  ],
  // C5, E5, G5, C6.
  win: [523, 659, 784, 1047].map((from, index) => ({ at: index * 0.09, seconds: 0.2, from, volume: 0.15 })),
  lose: [
    { at: 0, seconds: 0.2, from: 392, to: 370, volume: 0.12 },
    { at: 0.18, seconds: 0.35, from: 294, to: 262, volume: 0.12 },
  ],
  shot: [{ at: 0, seconds: 0.1, from: 900, to: 140, wave: 'square', volume: 0.04 }],
  hit: [{ at: 0, seconds: 0.12, from: 320, to: 90, wave: 'triangle', volume: 0.18 }],
  crash: [
    { at: 0, seconds: 0.6, from: 420, to: 40, wave: 'sawtooth', volume: 0.08 },
    { at: 0, seconds: 0.5, from: 97, to: 30, wave: 'square', volume: 0.06 },
  ],
};

/** The same sound again sooner than this is dropped (a burst of shots would only make noise). */
const minimumGapSeconds = 0.04;

let audio: { context: AudioContext; output: GainNode } | null = null;
const lastPlayed = new Map<SoundName, number>();

/** Creates (or wakes) the audio context: only ever from a gesture's handler. */
const startAudio = (): void => {
  if (audio === null) {
    if (typeof AudioContext !== 'function') return;
    const context = new AudioContext();
    const output = context.createGain();
    output.gain.value = 0.8;
    output.connect(context.destination);
    audio = { context, output };
  }
  if (audio.context.state === 'suspended') void audio.context.resume();
};

const playTone = ({ context, output }: { context: AudioContext; output: AudioNode }, tone: Tone) => {
  const start = context.currentTime + tone.at;
  const end = start + tone.seconds;
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = tone.wave ?? 'sine';
  oscillator.frequency.setValueAtTime(tone.from, start);
  if (tone.to !== undefined) oscillator.frequency.exponentialRampToValueAtTime(tone.to, end);
  gain.gain.setValueAtTime(tone.volume ?? 0.15, start);
  gain.gain.exponentialRampToValueAtTime(0.0001, end);
  oscillator.connect(gain).connect(output);
  oscillator.start(start);
  oscillator.stop(end);
};

// The mute switch, per member, read from storage once and kept in memory.
const storageKey = (memberKey: string) => `sound-muted:${memberKey}`;
const mutedByMember = new Map<string, boolean>();
const listeners = new Set<() => void>();

export const isSoundMuted = (memberKey: string): boolean => {
  const known = mutedByMember.get(memberKey);
  if (known !== undefined) return known;
  let isMuted = false;
  try {
    isMuted = window.localStorage.getItem(storageKey(memberKey)) === '1';
  } catch {
    // Blocked storage: sound stays on, as for a member who never muted it.
  }
  mutedByMember.set(memberKey, isMuted);
  return isMuted;
};

/** The member's switch; called from its button's click, which is a gesture, so unmuting can start audio. */
export const setSoundMuted = (memberKey: string, isMuted: boolean): void => {
  mutedByMember.set(memberKey, isMuted);
  try {
    window.localStorage.setItem(storageKey(memberKey), isMuted ? '1' : '0');
  } catch {
    // The choice holds until the page is left.
  }
  if (!isMuted && memberKey === activeMemberKey) startAudio();
  for (const listener of listeners) listener();
};

export const subscribeSoundMuted = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

// Game pages on screen arm the sound for their member; the first gesture on them starts audio.
let activeMemberKey: string | null = null;
let armedCount = 0;
const onGesture = (): void => {
  if (activeMemberKey !== null && !isSoundMuted(activeMemberKey)) startAudio();
};
const gestures = ['pointerdown', 'keydown'] as const;

/** Sound for `memberKey` while a game page is shown; the answer disarms it (audio sleeps off the games). */
export const armSound = (memberKey: string): (() => void) => {
  activeMemberKey = memberKey;
  armedCount += 1;
  if (armedCount === 1) for (const type of gestures) window.addEventListener(type, onGesture, true);
  return () => {
    armedCount -= 1;
    if (armedCount > 0) return;
    activeMemberKey = null;
    for (const type of gestures) window.removeEventListener(type, onGesture, true);
    if (audio?.context.state === 'running') void audio.context.suspend();
  };
};

/** Plays a sound effect, unless sound is muted, no game page is shown or no gesture has started audio yet. */
export const playSound = (name: SoundName): void => {
  if (audio === null || activeMemberKey === null || isSoundMuted(activeMemberKey)) return;
  if (audio.context.state === 'closed') return;
  const now = audio.context.currentTime;
  if (now - (lastPlayed.get(name) ?? Number.NEGATIVE_INFINITY) < minimumGapSeconds) return;
  lastPlayed.set(name, now);
  for (const tone of recipes[name]) playTone(audio, tone);
};

/** Tests only: forget the audio context and the switches read. */
export const resetGameSoundForTests = (): void => {
  audio = null;
  lastPlayed.clear();
  mutedByMember.clear();
};
