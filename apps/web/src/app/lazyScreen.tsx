import { lazy, Suspense, type ComponentType } from 'react';
import { FullPageSpin } from '../components/FullPageSpin';
import { screens, type ScreenName } from './screens';

type ScreenModule<N extends ScreenName> = Awaited<ReturnType<(typeof screens)[N]>>;

/** A component from a screen's chunk, fetched when first rendered, with a spinner meanwhile. */
export function lazyScreen<N extends ScreenName, P extends object>(
  name: N,
  pick: (module: ScreenModule<N>) => ComponentType<P>,
): ComponentType<P> {
  const load = screens[name] as () => Promise<ScreenModule<N>>;
  const Lazy = lazy(async () => ({ default: pick(await load()) })) as unknown as ComponentType<P>;
  function Screen(props: P) {
    return (
      <Suspense fallback={<FullPageSpin label="Loading the screen" />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Screen;
}
