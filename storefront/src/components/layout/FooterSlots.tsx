/**
 * Places in the footer that features fill (the newsletter's sign-up). Shared
 * components never import a feature, so the app composes them: the route table wraps the shell
 * in `<FooterSlots newsletter={<NewsletterSignup />}>` and the footer renders
 * `<FooterNewsletter />` where the form belongs. Nothing is rendered while a slot is empty.
 */
import { createContext, use, type ReactNode } from 'react';

interface Slots {
  newsletter: ReactNode;
}

const SlotsContext = createContext<Slots>({ newsletter: null });

export function FooterSlots({ newsletter, children }: { newsletter: ReactNode; children: ReactNode }) {
  return <SlotsContext value={{ newsletter }}>{children}</SlotsContext>;
}

/** The newsletter sign-up of the footer. */
export function FooterNewsletter() {
  return <>{use(SlotsContext).newsletter}</>;
}
