/**
 * The site's layout: primary navigation with its sub-menus, footer columns,
 * customer service, social links, header and cart USPs, the notification bar and the currency
 * disclaimer. One request per site and language (`GET /api/content/layout`), loaded by the
 * root route's loader and kept 15 minutes by the client cache (as footer and navigation
 * are).
 */
import { api } from './client';
import type { SchemaCustomerService, SchemaLayoutLink, SchemaSiteLayout, SchemaSiteNotification, SchemaSocialLink, SchemaUsp } from './generated/schema';

export type SiteLayout = SchemaSiteLayout;
export type LayoutLink = SchemaLayoutLink;
export type Usp = SchemaUsp;
export type CustomerService = SchemaCustomerService;
export type SocialLink = SchemaSocialLink;
export type SiteNotification = SchemaSiteNotification;

/** `GET /api/content/layout`: the layout of the request's site and language (cached 15 minutes). */
export function fetchLayout(): Promise<SiteLayout> {
  return api.get('/api/content/layout', { cached: true });
}
