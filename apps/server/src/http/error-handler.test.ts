import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { registerErrorHandling } from './error-handler';

const buildProbeApp = () => {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.get('/leak', async () => {
    throw new Error('duplicate key value violates unique constraint "members_pkey" at select * from members');
  });
  app.get('/refused', async () => {
    throw new AppError('FORBIDDEN');
  });
  return app;
};

describe('error handler', () => {
  it('hides the text of an unexpected error behind INTERNAL_ERROR', async () => {
    const response = await buildProbeApp().inject({ method: 'GET', url: '/leak' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      value: null,
      message: 'Unknown error.',
      code: 'INTERNAL_ERROR',
    });
    expect(response.body).not.toContain('members');
  });

  it('answers an AppError with its own status and code', async () => {
    const response = await buildProbeApp().inject({ method: 'GET', url: '/refused' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});
