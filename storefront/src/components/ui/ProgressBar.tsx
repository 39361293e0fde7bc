import { useEffect, useSyncExternalStore } from 'react';
import { useNavigation, useRouteError } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import { progress as defaultController, type ProgressController } from './progress';
import styles from './ProgressBar.module.css';

/** The bar itself, driven by a controller. */
export function ProgressBar({ controller = defaultController }: { controller?: ProgressController }) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  return (
    <div
      className={styles.track}
      data-visible={state.visible}
      data-failed={state.failed}
      role="progressbar"
      aria-label={t('loading.progress')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.percent)}
      aria-hidden={!state.visible}
      data-testid="progress-bar"
    >
      <div className={styles.bar} style={{ transform: `scaleX(${state.percent / 100})` }} />
    </div>
  );
}

/** Starts the bar while the router loads the next page and finishes it when it is done. */
export function NavigationProgress({ controller = defaultController }: { controller?: ProgressController }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (busy) controller.start();
    else controller.finish();
  }, [busy, controller]);
  return <ProgressBar controller={controller} />;
}

/**
 * Put in a route's error element: a navigation that ends in a route error (a loader that
 * throws, a page that fails to load) turns the bar the failure colour; a bar that is not
 * running (a fast failure, or the first page) shows for it, as for a failed asynchronous view.
 */
export function NavigationFailure({ controller = defaultController }: { controller?: ProgressController }) {
  const error = useRouteError();
  useEffect(() => controller.fail(), [error, controller]);
  return null;
}
