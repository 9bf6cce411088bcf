import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { startDemoVendor } from './demo-vendor';

/**
 * The demo vendor's own process. The platform starts it after it listens (apps/server/src/main.ts) and reads
 * the one JSON line it prints once listening: `{"event":"listening","url":…,"launchUrl":…}`. Logs go to
 * standard error, so standard output carries only that line.
 */

const environmentSchema = z.object({
  /** The platform's base URL; its wallet API is under /wps/vendor-wallet. */
  DEMO_VENDOR_PLATFORM_URL: z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, '')),
  /** The vendor's RSA private key (PEM), which signs its wallet calls. */
  DEMO_VENDOR_KEY_FILE: z.string().min(1),
  DEMO_VENDOR_HOST: z.string().default('127.0.0.1'),
  /** 0, or a taken port, means a free one. */
  DEMO_VENDOR_PORT: z.coerce.number().int().min(0).max(65535).default(8082),
  /** Space-separated origins allowed to frame the game; the platform's origin when unset. */
  DEMO_VENDOR_FRAME_ANCESTORS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The platform's; development logs each request at debug. */
  NODE_ENV: z.string().default('development'),
});

const start = async (): Promise<void> => {
  const parsed = environmentSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid demo vendor configuration:\n${problems.join('\n')}`);
  }
  const environment = parsed.data;
  const frameAncestors = (
    environment.DEMO_VENDOR_FRAME_ANCESTORS ?? new URL(environment.DEMO_VENDOR_PLATFORM_URL).origin
  )
    .split(/\s+/)
    .filter((origin) => origin !== '');
  const vendor = await startDemoVendor({
    platformUrl: environment.DEMO_VENDOR_PLATFORM_URL,
    privateKeyPem: readFileSync(environment.DEMO_VENDOR_KEY_FILE, 'utf8'),
    host: environment.DEMO_VENDOR_HOST,
    port: environment.DEMO_VENDOR_PORT,
    fallbackToFreePort: true,
    frameAncestors,
    logger: { level: environment.LOG_LEVEL, stream: process.stderr },
    quietRequestLog: environment.NODE_ENV === 'development',
  });

  let closing: Promise<void> | undefined;
  const stop = () => {
    closing ??= vendor.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`demo vendor: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // Started by the platform with an IPC channel: when the platform goes away, so does the vendor.
  process.once('disconnect', stop);

  process.stdout.write(
    `${JSON.stringify({ event: 'listening', url: vendor.url, launchUrl: vendor.launchUrl })}\n`,
  );
};

start().catch((error: unknown) => {
  process.stderr.write(`demo vendor: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
