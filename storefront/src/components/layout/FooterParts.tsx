import { Link } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import type { CustomerService, LayoutLink, SiteLayout, SocialLink } from '../../api/layout';
import styles from './Footer.module.css';

/** The names of the social networks as the networks write them. */
const NETWORKS: Record<string, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  twitter: 'X',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
};

/** A link of the layout: inside the shop a router link, else a plain one. */
export function LayoutAnchor({ link }: { link: LayoutLink }) {
  const text = link.title ?? link.url;
  if (/^[a-z]+:/i.test(link.url)) {
    return (
      <a href={link.url} target={link.target === '_blank' ? '_blank' : undefined} rel={link.target === '_blank' ? 'noopener noreferrer' : undefined}>
        {text}
      </a>
    );
  }
  return (
    <Link to={link.url} target={link.target === '_blank' ? '_blank' : undefined}>
      {text}
    </Link>
  );
}

/** The footer's link columns, each a navigation landmark named by its title. */
export function FooterColumns({ columns }: { columns: SiteLayout['footer']['columns'] }) {
  return (
    <>
      {columns.map((column, index) => (
        <nav key={`${column.title ?? ''}-${index}`} className={styles.column} aria-label={column.title ?? undefined} data-testid="footer-column">
          {column.title && <h2 className={styles.heading}>{column.title}</h2>}
          <ul className={styles.links}>
            {column.links.map((link) => (
              <li key={link.url}>
                <LayoutAnchor link={link} />
              </li>
            ))}
          </ul>
        </nav>
      ))}
    </>
  );
}

/** The customer-service block: title, opening hours, phone, e-mail, its page and the closing text. */
export function CustomerServiceBlock({ service }: { service: CustomerService }) {
  const { t } = useTranslation();
  return (
    <section className={styles.column} aria-labelledby="footer-customer-service" data-testid="customer-service">
      <h2 id="footer-customer-service" className={styles.heading}>
        {service.title ?? t('footer.customerService')}
      </h2>
      <dl className={styles.contact}>
        {service.openingHours && (
          <>
            <dt>{t('footer.openingHours')}</dt>
            <dd data-testid="customer-service-hours">{service.openingHours}</dd>
          </>
        )}
        {service.phone && (
          <>
            <dt>{t('layout.phone')}</dt>
            <dd>
              <a href={service.phoneLink || `tel:${service.phone}`} data-testid="customer-service-phone">
                {service.phone}
              </a>
            </dd>
          </>
        )}
        {service.email && (
          <>
            <dt>{t('layout.email')}</dt>
            <dd>
              <a href={`mailto:${service.email}`} data-testid="customer-service-email">
                {service.email}
              </a>
            </dd>
          </>
        )}
      </dl>
      {service.bottomText && <p className={styles.bottomText}>{service.bottomText}</p>}
      {service.link && (
        <p>
          <Link to={service.link} data-testid="customer-service-link">
            {t('layout.toCustomerService')}
          </Link>
        </p>
      )}
    </section>
  );
}

/** The site's social media profiles. */
export function SocialLinks({ links }: { links: SocialLink[] }) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  return (
    <section className={styles.column} aria-labelledby="footer-social" data-testid="social-links">
      <h2 id="footer-social" className={styles.heading}>
        {t('footer.followUs')}
      </h2>
      <ul className={styles.links}>
        {links.map((link) => (
          <li key={link.network}>
            <a href={link.url} rel="noopener noreferrer me">
              {NETWORKS[link.network] ?? link.network}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
