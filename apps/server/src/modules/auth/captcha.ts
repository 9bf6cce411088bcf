import { randomUUID } from 'node:crypto';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import { hashCode } from './auth-checks';
import { authLimits } from './auth-limits';
import type { AuthUseCaseDependencies } from './auth.service';
import * as repository from './auth.repository';
import { renderCaptchaPng } from './captcha-image';

const normaliseCaptcha = (answer: string): string => answer.trim().toUpperCase();

/** A new captcha for the visitor; its id goes in an httpOnly cookie, the answer never leaves the server. */
export const issueCaptcha = async (
  { db, captchaText }: Pick<AuthUseCaseDependencies, 'db' | 'captchaText'>,
  visitor: VisitorContext,
  previousId: string | undefined,
) => {
  if (previousId) {
    const previous = await repository.findCaptcha(db, previousId);
    if (previous && Date.now() - previous.createdAt.getTime() < authLimits.captchaRefreshMs) {
      throw new AppError('RATE_LIMITED');
    }
  }
  const text = captchaText();
  const id = randomUUID();
  await repository.insertCaptcha(db, {
    id,
    answerHash: hashCode(text),
    ip: visitor.ip,
    expiresAt: new Date(Date.now() + authLimits.captchaLifetimeMs),
  });
  const image = renderCaptchaPng(text);
  return { captchaId: id, image: `data:image/png;base64,${image.toString('base64')}` };
};

/** Spends the captcha (right or wrong, it is asked once) and answers whether the answer matched. */
export const verifyCaptcha = async (
  { db }: Pick<AuthUseCaseDependencies, 'db'>,
  captchaId: string | undefined,
  answer: string | undefined,
): Promise<boolean> => {
  if (!captchaId || !answer) return false;
  const answerHash = await repository.consumeCaptcha(db, captchaId);
  return answerHash === hashCode(normaliseCaptcha(answer));
};
