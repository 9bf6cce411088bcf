import type { KycDocumentKind } from '@wps/contracts/kyc-rules';
import { and, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { expect } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';

/** A small real PNG: uploads are judged by their content. */
export const documentImage = PNG.sync.write(new PNG({ width: 3, height: 2 }));

export type Envelope<T = unknown> = { success: boolean; code?: string; value: T; message: string };

/** Members' documents and staff's decisions through the HTTP API, as the site and the console send them. */
export const createKycFixture = (testApp: TestApp) => {
  const call = async <T = unknown>(
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => {
    const response = await testApp.app.inject({
      method,
      url: `/wps${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  };

  /** Uploads the image (multipart, purpose kyc_document unless told) and answers its id. */
  const upload = async (authorization: string, purpose = 'kyc_document'): Promise<string> => {
    const form = new FormData();
    form.append('purpose', purpose);
    form.append('file', new Blob([new Uint8Array(documentImage)], { type: 'image/png' }), 'document.png');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/wps/member/uploads',
      headers: { authorization },
      payload: form,
    });
    expect(response.statusCode).toBe(200);
    return response.json<Envelope<{ id: string }>>().value.id;
  };

  /** Uploads an image and hands it in as a document of this kind; answers the document's id. */
  const submit = async (authorization: string, kind: KycDocumentKind): Promise<string> => {
    const uploadId = await upload(authorization);
    const submitted = await call<{ id: string }>({ authorization }, 'POST', '/member/kyc/documents', {
      kind,
      uploadId,
    });
    expect(submitted.body).toMatchObject({ success: true, value: { kind, status: 'pending' } });
    return submitted.body.value.id;
  };

  const decide = (
    staff: Record<string, string>,
    id: string,
    decision: 'approve' | 'reject',
    payload: object = decision === 'reject' ? { reason: 'The photo is blurred' } : {},
  ) => call(staff, 'POST', `/backoffice/kyc/documents/${id}/${decision}`, payload);

  const setRule = (staff: Record<string, string>, rule: object) =>
    call(staff, 'PUT', '/backoffice/kyc/settings', rule);

  const auditOf = (entityType: string, entityId: string) =>
    testApp.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId)));

  return { call, upload, submit, decide, setRule, auditOf };
};
