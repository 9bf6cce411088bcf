import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { loadDeferredDictionary } from './i18n';

/** Spec section 9: a script chunk that has not arrived after this long counts as failed. */
export const chunkLoadTimeoutMs = 120_000;

/** Spec section 8: a chunk that cannot be loaded is raised as ChunkLoadError. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError => error instanceof ChunkLoadError;

/**
 * Loads a chunk, failing with a ChunkLoadError when the network refuses it or it takes too long. Every chunk
 * arrives with the English dictionary's deferred sections (those no module of the first load uses; see
 * vite.config.ts), fetched once beside the first, so code loaded on demand never shows a bare key.
 */
export const loadChunk = async <Module,>(
  chunkId: string,
  load: () => Promise<Module>,
  timeoutMs = chunkLoadTimeoutMs,
): Promise<Module> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new ChunkLoadError(`Loading chunk ${chunkId} failed`));
    }, timeoutMs);
  });
  try {
    const [module] = await Promise.race([Promise.all([load(), loadDeferredDictionary()]), timeout]);
    return module;
  } catch (error) {
    throw isChunkLoadError(error)
      ? error
      : new ChunkLoadError(`Loading chunk ${chunkId} failed`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
};

/**
 * A component whose code loads the first time it renders (React.lazy of a named export, inside its own
 * Suspense boundary), so that the home page does not download modals and other pages. A failed load reaches
 * the route's error screen, which offers a reload.
 */
export const lazyComponent = <Props extends object>(
  chunkId: string,
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
): ComponentType<Props> => {
  const Component = lazy(async () => ({ default: await loadChunk(chunkId, load) }));
  return function LazyComponent(props: Props) {
    return (
      <Suspense fallback={fallback}>
        <Component {...props} />
      </Suspense>
    );
  };
};
