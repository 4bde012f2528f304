import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { useImageUpload } from '@/components/articles/admin/editor/useImageUpload';
import { IMAGE_MAX_BYTES } from '@/lib/articles/constants';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';
import { createTestI18n } from '../../common/shellHelpers';

const IMAGE_ID = 'c'.repeat(32);
let answer: { status: number; body: Record<string, unknown> } = { status: 201, body: { image_id: IMAGE_ID } };
let requests = 0;
const server = setupServer(
  http.post('*/api/v1/admin/images', () => {
    requests += 1;
    return HttpResponse.json(answer.body, { status: answer.status });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  requests = 0;
  answer = { status: 201, body: { image_id: IMAGE_ID, url: `/api/v1/images/${IMAGE_ID}` } };
});
afterAll(() => server.close());

const i18n = createTestI18n('en');
const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
);
const png = (bytes: number) => new File([new Uint8Array(bytes)], 'chart.png', { type: 'image/png' });

function setup() {
  const messages: (string | null)[] = [];
  const hook = renderHook(() => useImageUpload((m) => messages.push(m)), { wrapper });
  return { hook, messages };
}

describe('useImageUpload', () => {
  it('uploads and resolves to the image id, clearing the message first', async () => {
    const { hook, messages } = setup();
    let id: string | null = null;
    await act(async () => {
      id = await hook.result.current.upload(png(10), 'body');
    });
    expect(id).toBe(IMAGE_ID);
    expect(messages).toEqual([null]);
    expect(hook.result.current.uploading).toBeNull();
  });

  it('refuses a file over the limit without sending it', async () => {
    const { hook, messages } = setup();
    let id: string | null = 'not set';
    await act(async () => {
      id = await hook.result.current.upload(png(IMAGE_MAX_BYTES + 1), 'cover');
    });
    expect(id).toBeNull();
    expect(requests).toBe(0);
    expect(messages).toEqual([i18n.t('articles:editor.errors.imageTooLarge')]);
  });

  it.each([
    [415, 'articles:editor.errors.imageType'],
    [413, 'articles:editor.errors.imageTooLarge'],
    [500, 'articles:editor.errors.upload'],
  ])('says why the server refused it (%i)', async (status, key) => {
    answer = { status, body: { error: { code: 'X', message: 'refused' } } };
    // The store logs server failures (5xx) and leaves 4xx to the editor to explain.
    if (status >= 500) expectConsoleError(/^Uploading the image failed:/);
    const { hook, messages } = setup();
    let id: string | null = 'not set';
    await act(async () => {
      id = await hook.result.current.upload(png(10), 'cover');
    });
    expect(id).toBeNull();
    expect(messages).toEqual([null, i18n.t(key)]);
  });
});
