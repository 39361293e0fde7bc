/**
 * The storefront's named routes and their paths. Links are built
 * from these names, never from literal paths, so a path can change in one place.
 *
 * Every path ends in a slash (the engine's trailing-slash rule); the comparison path is
 * localized by the engine (`url.comparePath`) and is passed in when the routes are built. It is
 * the only one: the shop localizes the comparison page alone and keeps
 * `/store-locator/` as it is, so the other fixed pages (cart, store locator, search, checkout,
 * account, feed calculator) have one path in every culture, like a site's languages share
 * their paths (`?lang=`).
 */
export const paths = {
  home: '/',
  cart: '/cart/',
  /** Takes over a cart customer service prepared (`?key=`, the handover key), then shows the cart. */
  cartHandover: '/cart/handover/',
  dealer: '/store-locator/',
  media: '/media/',
  mediaItem: (itemName: string, id?: string | number) =>
    id === undefined ? `/media/${encodeURIComponent(itemName)}/` : `/media/${id}/${encodeURIComponent(itemName)}/`,
  engineCheck: '/engine-check/',
  /** The feed calculator; `?productId=` chooses a feed product (from its product page). */
  feedCalculator: '/feed-calculator/',
  /** Search results of the header's search box (`?q=`); the storefront's own route. */
  search: '/search/',
  checkout: {
    base: '/checkout/',
    login: '/checkout/login/',
    billing: '/checkout/billing/',
    passwordReset: '/checkout/password-reset/',
    passwordForgot: '/checkout/password-forgot/',
    delivery: '/checkout/delivery/',
    payment: '/checkout/payment/',
    complete: '/checkout/complete/',
  },
  /** The newsletter's double opt-in (`?token=`) and unsubscribe (`?email=&token=`) pages, the mails' links. */
  newsletter: {
    confirm: '/newsletter/confirm/',
    unsubscribe: '/newsletter/unsubscribe/',
  },
  /** The customer survey of an order (`?order=&token=`). */
  survey: '/survey/',
  account: {
    home: '/account/',
    information: '/account/information/',
    orders: '/account/orders/',
    invoices: '/account/invoices/',
    returns: '/account/returns/',
    rqsResults: '/account/rqs-results/',
    subscriptions: '/account/subscriptions/',
    register: '/account/register/',
    login: '/account/login/',
    reset: '/account/reset/',
    forgot: '/account/forgot/',
    resendConfirmation: '/account/resend-confirmation/',
    confirm: '/account/confirm/',
  },
} as const;

export type CheckoutStep = keyof typeof paths.checkout;
