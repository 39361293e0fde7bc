import { useTranslation } from '../../i18n/useTranslation';
import type { Usp } from '../../api/layout';
import { Icon } from '../ui/Icon';
import { useSiteLayout } from './siteLayout';
import styles from './Usps.module.css';

/** A list of unique selling points; nothing when the site has none. */
export function UspList({ usps, label, testId, variant = 'bar' }: { usps: Usp[]; label: string; testId: string; variant?: 'bar' | 'block' }) {
  const shown = usps.filter((usp) => usp.text);
  if (shown.length === 0) return null;
  return (
    <ul className={variant === 'bar' ? styles.bar : styles.block} aria-label={label} data-testid={testId}>
      {shown.map((usp, index) => (
        <li key={`${usp.icon}-${index}`}>
          <Icon name={usp.icon} className={styles.icon} />
          {usp.text}
        </li>
      ))}
    </ul>
  );
}

/** The header's USPs, under the navigation on every page. */
export function HeaderUsps() {
  const { t } = useTranslation();
  const layout = useSiteLayout();
  return <UspList usps={layout?.headerUsps ?? []} label={t('layout.usps')} testId="header-usps" />;
}

/** The cart's USPs, on the cart page. */
export function CartUsps() {
  const { t } = useTranslation();
  const layout = useSiteLayout();
  return <UspList usps={layout?.cartUsps ?? []} label={t('layout.usps')} testId="cart-usps" variant="block" />;
}
