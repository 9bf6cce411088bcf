import {
  stringifyProtocolJson,
  type VendorWalletAnswer,
  type VendorWalletMethod,
  vendorWalletMethods,
  vendorWalletSignatureHeader,
} from '@wps/contracts/vendor-wallet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { protocolFailure, type VendorWalletService } from './vendor-wallet.service';
import type { PlatformSigner } from './wallet-signing';

/** Protocol bodies are a few hundred bytes; anything near this is not a wallet call. */
const protocolBodyLimit = 64 * 1024;
const signatureHeader = vendorWalletSignatureHeader.toLowerCase();

/**
 * The vendor wallet protocol, mounted at `/wps/vendor-wallet` in a plugin of its own: its own body parser
 * (the raw bytes of any content type, which the signature covers), its own error and not-found handlers, so
 * every answer is HTTP 200 with the protocol's JSON, signed with the platform's key, and never the /wps
 * envelope. The rules are in the service.
 */
export const vendorWalletRoutes =
  ({ vendorWallet, signer }: { vendorWallet: VendorWalletService; signer: PlatformSigner }) =>
  async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: protocolBodyLimit },
      (_request, body: Buffer, done) => {
        done(null, body);
      },
    );

    const send = async (reply: FastifyReply, answer: VendorWalletAnswer): Promise<FastifyReply> => {
      const bytes = Buffer.from(stringifyProtocolJson(answer), 'utf8');
      reply.code(200).type('application/json; charset=utf-8');
      try {
        reply.header(signatureHeader, await signer.sign(bytes));
      } catch (error) {
        // Still a protocol answer: the vendor sees an unsigned RS_ERROR_UNKNOWN-like failure and retries.
        reply.log.error({ err: error }, 'vendor wallet answer could not be signed');
      }
      return reply.send(bytes);
    };

    app.setErrorHandler(async (error, request, reply) => {
      const statusCode =
        typeof error === 'object' &&
        error !== null &&
        'statusCode' in error &&
        typeof error.statusCode === 'number'
          ? error.statusCode
          : 500;
      // A body too large, an unreadable body: the request's fault. Anything else is ours.
      if (statusCode >= 500) request.log.error({ err: error }, 'vendor wallet call failed');
      return send(reply, protocolFailure(statusCode < 500 ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_UNKNOWN'));
    });
    app.setNotFoundHandler(async (_request, reply) => send(reply, protocolFailure('RS_ERROR_WRONG_SYNTAX')));

    app.get('/public-key', async (_request, reply) =>
      reply.type('application/x-pem-file; charset=utf-8').send(await signer.publicKeyPem()),
    );

    const routeFor = (method: VendorWalletMethod) => {
      // A machine-to-machine call: no browser reads the answer, so no security headers and no compression
      // (a signed body of a hundred bytes), which is per-call work for nothing on the hottest route we have;
      // its request lines are at debug, summed up at info (`machineCall`).
      app.post<{ Params: { vendorCode: string } }>(
        `/:vendorCode/${method}`,
        { compress: false, config: { machineCall: true } },
        async (request, reply) => {
          const signature = request.headers[signatureHeader];
          const outcome = await vendorWallet.handle({
            vendorCode: request.params.vendorCode,
            method,
            body: Buffer.isBuffer(request.body) ? request.body : undefined,
            signature: typeof signature === 'string' ? signature : undefined,
          });
          return send(reply, outcome.answer);
        },
      );
    };
    for (const method of vendorWalletMethods) routeFor(method);
  };
