import { useStore } from '@nanostores/react';
import { $guideView, type GuideView, setGuideView } from '../../stores/guideView.ts';
import { $t } from '../../stores/lang.ts';
import styles from './live.module.css';

/** List (the selected channel's day) or grid (every channel by time); the choice is remembered. */
export function GuideViewToggle() {
  const view = useStore($guideView);
  const t = useStore($t);
  const option = (value: GuideView, text: string) => (
    <button
      type="button"
      className={styles.viewOption}
      aria-pressed={view === value}
      data-view={value}
      onClick={() => setGuideView(value)}
    >
      {text}
    </button>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not a form's fieldset
    <div role="group" aria-label={t('live.guideView')} className={styles.viewToggle}>
      {option('list', t('live.guideList'))}
      {option('grid', t('live.guideGrid'))}
    </div>
  );
}
