/**
 * Obfuscation of values the spec says travel "encrypted" in the site configuration (customer-service
 * paths), so that links are not readable by scrapers. The key is derived from the brand's merchant code and
 * a constant both sides know, so this is not secrecy against a determined reader of the site's code; real
 * confidentiality of request bodies uses the RSA-OAEP + AES-GCM scheme of the auth domain.
 * Web Crypto only, so the same code runs in the server and the browser.
 */
const salt = new TextEncoder().encode('wps-transport-cipher-v1');
const ivLength = 12;

const deriveKey = async (merchantCode: string): Promise<CryptoKey> => {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(merchantCode),
    'HKDF',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: new TextEncoder().encode('customer-service') },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
};

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

export const encryptTransportText = async (merchantCode: string, plain: string): Promise<string> => {
  const iv = crypto.getRandomValues(new Uint8Array(ivLength));
  const key = await deriveKey(merchantCode);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plain));
  const out = new Uint8Array(ivLength + sealed.byteLength);
  out.set(iv);
  out.set(new Uint8Array(sealed), ivLength);
  return toBase64(out);
};

export const decryptTransportText = async (merchantCode: string, sealed: string): Promise<string> => {
  const bytes = fromBase64(sealed);
  const key = await deriveKey(merchantCode);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.slice(0, ivLength) },
    key,
    bytes.slice(ivLength),
  );
  return new TextDecoder().decode(plain);
};
