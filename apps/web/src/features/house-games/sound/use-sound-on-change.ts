import { useEffect, useRef } from 'react';
import { type SoundName, playSound } from './game-sound';

/**
 * Plays `name` each time `key` turns into a new value other than null: a card dealt, a round settled. Not for
 * the value the page opened with, so arriving at a table mid-round plays nothing.
 */
export const useSoundOnChange = (key: string | null, name: SoundName | null): void => {
  const previous = useRef(key);
  useEffect(() => {
    if (key !== previous.current && key !== null && name !== null) playSound(name);
    previous.current = key;
  }, [key, name]);
};
