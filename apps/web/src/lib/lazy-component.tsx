import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** Spec section 9: a script chunk that has not arrived after this long counts as failed. */
export const chunkLoadTimeoutMs = 120_000;

/** Spec section 8: a chunk that cannot be loaded is raised as ChunkLoadError. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError => error instanceof ChunkLoadError;

/** Loads a chunk, failing with a ChunkLoadError when the network refuses it or it takes too long. */
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
    return await Promise.race([load(), timeout]);
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
