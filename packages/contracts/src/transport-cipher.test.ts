import { describe, expect, it } from 'vitest';
import { decryptTransportText, encryptTransportText } from './transport-cipher';

describe('transport cipher', () => {
  it('round-trips a path and hides it in transit', async () => {
    const sealed = await encryptTransportText('DEMO', 'https://t.me/support');
    expect(sealed).not.toContain('t.me');
    await expect(decryptTransportText('DEMO', sealed)).resolves.toBe('https://t.me/support');
  });

  it('refuses a value sealed for another brand', async () => {
    const sealed = await encryptTransportText('DEMO', 'https://t.me/support');
    await expect(decryptTransportText('OTHER', sealed)).rejects.toThrow();
  });
});
