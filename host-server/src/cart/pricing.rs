//! Assembles the engine's cart input from the database: the site's VAT, shipping and payment
//! costs, the catalog entries of the cart's variants, the promotions active today and the
//! gift card. The engine then computes every amount; nothing here does arithmetic on money.

use engine::ids::{PaymentMethodId, ProductId, ProductVariantId};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use engine::cart::{
    CartInput, CartLine, CatalogEntry, FreeShippingRule, GiftCard, PaymentMethodCost,
    PricingContext, ProductType, RqsSample, ShippingMethod, ShippingOption,
};
use engine::locale::{CalendarDate, Culture};
use engine::money::Money;
use engine::promotions::{CodeUseRequest, OfferedPromotion, PromotionTerms};
use engine::shelf_price::{DatedOffer, ShelfOffers};
use sqlx::AnyPool;

use super::rows::{LineRow, SampleRow};
use super::store::pricing as store;
use super::texts::{self, TextLanguage};
use crate::platform::clock;
use crate::platform::error::ApiError;
use crate::platform::stored_json::Loc;

/// What the engine needs besides the cart's lines.
pub struct CartChoices<'a> {
    pub site_id: i64,
    pub language_id: i64,
    pub discount_code: Option<&'a str>,
    pub shipping_method: ShippingMethod,
    pub payment_method_id: Option<PaymentMethodId>,
    pub gift_card_number: Option<&'a str>,
}

fn corrupt(what: &str, error: impl std::fmt::Display) -> ApiError {
    ApiError::Internal(format!("stored {what} is unreadable: {error}"))
}

/// The culture of the cart's language and the site's fallback culture.
pub async fn text_language(
    pool: &AnyPool,
    site_id: i64,
    language_id: i64,
) -> Result<TextLanguage, ApiError> {
    let row = store::site_language_cultures(pool, site_id, language_id).await?;
    let (culture, fallback) = row.ok_or_else(ApiError::payload_incorrect)?;
    let culture: Culture = culture.parse().map_err(|error| corrupt("culture", error))?;
    Ok(TextLanguage {
        culture,
        site_fallback: fallback.and_then(|fallback| fallback.parse().ok()),
    })
}

async fn pricing_context(pool: &AnyPool, site_id: i64) -> Result<PricingContext, ApiError> {
    let (high, low) = store::vat_percentages(pool, site_id)
        .await?
        .ok_or_else(ApiError::payload_incorrect)?;
    let shipping = store::shipping_prices(pool, site_id).await?;
    let free = store::free_shipping(pool, site_id).await?;
    let payment = store::payment_costs(pool, site_id).await?;
    let money = |text: &str| {
        text.parse::<Money>()
            .map_err(|error| corrupt("site pricing", error))
    };
    let free_shipping_rules = match free {
        Some((Some(threshold), methods)) => {
            let methods: Vec<i64> =
                serde_json::from_str(&methods).map_err(|error| corrupt("free shipping", error))?;
            let minimum_amount = money(&threshold)?;
            methods
                .into_iter()
                .map(|method| {
                    Ok(FreeShippingRule {
                        shipping_method: Some(stored_shipping_method(method)?),
                        minimum_amount,
                    })
                })
                .collect::<Result<_, ApiError>>()?
        }
        _ => Vec::new(),
    };
    let rate = |text: &str| text.parse().map_err(|error| corrupt("VAT rate", error));
    Ok(PricingContext {
        vat_percentage_high: rate(&high)?,
        vat_percentage_low: rate(&low)?,
        currency: "EUR".to_owned(),
        shipping_options: shipping
            .iter()
            .map(|(method, price)| {
                Ok(ShippingOption {
                    shipping_method: stored_shipping_method(*method)?,
                    price: money(price)?,
                })
            })
            .collect::<Result<_, ApiError>>()?,
        free_shipping_rules,
        payment_methods: payment
            .iter()
            .map(|(id, cost)| {
                Ok(PaymentMethodCost {
                    payment_method_id: PaymentMethodId::new(*id),
                    costs: money(cost)?,
                })
            })
            .collect::<Result<_, ApiError>>()?,
    })
}

/// A shipping method number read from the database.
fn stored_shipping_method(number: i64) -> Result<ShippingMethod, ApiError> {
    ShippingMethod::from_number(number).ok_or_else(|| corrupt("shipping method", number))
}

/// A catalog entry with its product's brand: no rule needs the brand, but the data layer's
/// tracking items do, so it stays beside the engine's input.
#[derive(Clone)]
struct Listed {
    entry: CatalogEntry,
    brand: String,
}

/// The catalog entries of the given variants that the site sells.
async fn catalog(
    pool: &AnyPool,
    site_id: i64,
    variant_ids: &BTreeSet<ProductVariantId>,
    language: TextLanguage,
) -> Result<Vec<Listed>, ApiError> {
    if variant_ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows = store::variants_sold_on_site(pool, site_id, variant_ids).await?;
    let names = product_names(
        pool,
        rows.iter().map(|row| row.product_id).collect(),
        language,
    )
    .await?;
    rows.into_iter()
        .map(|row| {
            let label = row
                .variant_label
                .clone()
                .unwrap_or_else(|| format!("{} {}", row.content_amount, row.content_unit));
            let entry = CatalogEntry {
                product_id: row.product_id,
                product_variant_id: row.product_variant_id,
                product_type: u64::try_from(row.product_type)
                    .ok()
                    .and_then(ProductType::from_number)
                    .ok_or_else(|| corrupt("product type", row.product_type))?,
                vat_type: row
                    .vat_type
                    .parse()
                    .map_err(|error| corrupt("VAT type", error))?,
                unit_price: row.price.parse().map_err(|error| corrupt("price", error))?,
                stock: row.stock,
                description: names.get(&row.product_id).cloned().unwrap_or_default(),
                product_label: format!("{label} ({})", row.packaging),
                product_group: Some(row.product_group),
            };
            Ok(Listed {
                entry,
                brand: row.brand,
            })
        })
        .collect()
}

async fn product_names(
    pool: &AnyPool,
    product_ids: BTreeSet<ProductId>,
    language: TextLanguage,
) -> Result<BTreeMap<ProductId, String>, ApiError> {
    if product_ids.is_empty() {
        return Ok(BTreeMap::new());
    }
    let mut texts: BTreeMap<ProductId, Vec<(String, String)>> = BTreeMap::new();
    for (product_id, culture, name) in store::product_names(pool, &product_ids).await? {
        texts
            .entry(ProductId::new(product_id))
            .or_default()
            .push((culture, name));
    }
    Ok(texts
        .into_iter()
        .map(|(id, names)| {
            let names = texts::texts_of_rows(names);
            (id, texts::localized(&names, language))
        })
        .collect())
}

/// The promotion a discount code unlocks today, if the code exists and the engine finds it
/// usable today (within its dates, uses left). The engine decides whether the cart qualifies.
pub async fn promotion_of_code(pool: &AnyPool, code: &str) -> Result<Option<String>, ApiError> {
    let Some(code) = engine::promotions::normal_code(code) else {
        return Ok(None);
    };
    let Some(row) = store::discount_code(pool, &code).await? else {
        return Ok(None);
    };
    let today = clock::today_date()?;
    let usability = CodeUseRequest {
        valid_from: row.valid_from,
        valid_until: row.valid_until,
        today,
        usage_limit: row.usage_limit,
        times_used: row.times_used,
        per_customer_limit: None,
        customer_uses: None,
    }
    .usability();
    Ok(usability.usable.then_some(row.promotion_key))
}

/// A promotion of a site: its key, whether a code is needed, and the promotion as the shop
/// owner keeps it.
struct StoredPromotion {
    key: String,
    requires_code: bool,
    valid_from: CalendarDate,
    promotion: PromotionJson,
}

/// A promotion's `rule_json`: the fixtures' entry, of which a calculation reads its texts in
/// every culture and its terms.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct PromotionJson {
    description: Loc,
    #[serde(default)]
    promotion_text: Option<Loc>,
    #[serde(flatten)]
    terms: PromotionTerms,
}

impl StoredPromotion {
    /// The promotion as offered to a cart in this language.
    fn offer(&self, language: TextLanguage) -> OfferedPromotion {
        OfferedPromotion {
            promotion_key: self.key.clone(),
            requires_code: self.requires_code,
            description: texts::localized(&self.promotion.description, language),
            promotion_text: self
                .promotion
                .promotion_text
                .as_ref()
                .map(|text| texts::localized(text, language)),
            terms: self.promotion.terms.clone(),
        }
    }
}

/// The promotions of a site valid on `day`.
async fn promotion_rows(
    pool: &AnyPool,
    site_id: i64,
    day: &str,
) -> Result<Vec<StoredPromotion>, ApiError> {
    let rows = store::promotions_of_site(pool, site_id, day).await?;
    rows.into_iter()
        .map(|row| {
            Ok(StoredPromotion {
                promotion: serde_json::from_str(&row.rule_json)
                    .map_err(|error| corrupt("promotion", error))?,
                key: row.promotion_key,
                requires_code: row.requires_code.into(),
                valid_from: row.valid_from,
            })
        })
        .collect()
}

/// What every calculation on a site reads besides the cart: its prices and costs, and the
/// day's promotions.
pub struct SitePricing {
    context: PricingContext,
    promotions: Vec<StoredPromotion>,
    day: String,
}

/// Site pricing and languages kept in memory for [`CACHE_LIFETIME`]: they change only with an
/// import (the search index follows an import within 30 seconds too), and reading them is
/// most of a calculation's database work.
///
/// Catalog entries (price, stock, name in the cart's language, brand) are kept the same way,
/// per site, language and variant; this server forgets them whenever it changes stock
/// ([`PricingCache::forget_catalog`]), so only a change made outside it waits for the lifetime.
#[derive(Default)]
pub struct PricingCache {
    sites: Mutex<HashMap<i64, (Instant, Arc<SitePricing>)>>,
    languages: Mutex<HashMap<(i64, i64), (Instant, TextLanguage)>>,
    catalog: Mutex<HashMap<CatalogKey, (Instant, Listed)>>,
}

/// Site, language and variant of a cached catalog entry.
type CatalogKey = (i64, i64, ProductVariantId);

/// How long [`PricingCache`] keeps an entry.
pub const CACHE_LIFETIME: Duration = Duration::from_secs(30);

fn fresh<T: Clone>(entry: Option<&(Instant, T)>) -> Option<T> {
    entry
        .filter(|(fetched, _)| fetched.elapsed() < CACHE_LIFETIME)
        .map(|(_, value)| value.clone())
}

impl PricingCache {
    async fn site(&self, pool: &AnyPool, site_id: i64) -> Result<Arc<SitePricing>, ApiError> {
        let day = clock::today();
        let cached = fresh(self.sites.lock().map_err(|_| poisoned())?.get(&site_id))
            .filter(|site| site.day == day);
        if let Some(site) = cached {
            return Ok(site);
        }
        let site = Arc::new(SitePricing {
            context: pricing_context(pool, site_id).await?,
            promotions: promotion_rows(pool, site_id, &day).await?,
            day,
        });
        self.sites
            .lock()
            .map_err(|_| poisoned())?
            .insert(site_id, (Instant::now(), Arc::clone(&site)));
        Ok(site)
    }

    /// The product discounts a site's shelves show today, their texts in the language: the
    /// engine's [`ShelfOffers`] of the day's promotions, each with its first day.
    pub async fn shelf_offers(
        &self,
        pool: &AnyPool,
        site_id: i64,
        language_id: i64,
    ) -> Result<ShelfOffers, ApiError> {
        let language = self.text_language(pool, site_id, language_id).await?;
        let site = self.site(pool, site_id).await?;
        let offers: Vec<DatedOffer> = site
            .promotions
            .iter()
            .map(|stored| DatedOffer {
                valid_from: stored.valid_from,
                offer: stored.offer(language),
            })
            .collect();
        ShelfOffers::new(&offers).map_err(|error| ApiError::Internal(format!("a stored {error}")))
    }

    /// The culture of a site's language, as [`text_language`], from memory when fresh.
    pub async fn text_language(
        &self,
        pool: &AnyPool,
        site_id: i64,
        language_id: i64,
    ) -> Result<TextLanguage, ApiError> {
        if let Some(language) = fresh(
            self.languages
                .lock()
                .map_err(|_| poisoned())?
                .get(&(site_id, language_id)),
        ) {
            return Ok(language);
        }
        let language = text_language(pool, site_id, language_id).await?;
        self.languages
            .lock()
            .map_err(|_| poisoned())?
            .insert((site_id, language_id), (Instant::now(), language));
        Ok(language)
    }
}

impl PricingCache {
    /// The catalog entries of the given variants that the site sells, from memory when fresh.
    async fn catalog(
        &self,
        pool: &AnyPool,
        choices: &CartChoices<'_>,
        variant_ids: &BTreeSet<ProductVariantId>,
        language: TextLanguage,
    ) -> Result<Vec<CatalogEntry>, ApiError> {
        let listed = self.listed(pool, choices, variant_ids, language).await?;
        Ok(listed.into_iter().map(|listed| listed.entry).collect())
    }

    /// The brand of each of the given variants that the site sells (for the data layer's
    /// tracking items), from memory when fresh: a cart's calculation has just read them.
    pub async fn brands(
        &self,
        pool: &AnyPool,
        site_id: i64,
        language_id: i64,
        variant_ids: &BTreeSet<ProductVariantId>,
    ) -> Result<BTreeMap<ProductVariantId, String>, ApiError> {
        let language = self.text_language(pool, site_id, language_id).await?;
        let listed = self
            .listed(pool, &lookup(site_id, language_id), variant_ids, language)
            .await?;
        Ok(listed
            .into_iter()
            .map(|listed| (listed.entry.product_variant_id, listed.brand))
            .collect())
    }

    /// [`PricingCache::catalog`] with each entry's brand.
    async fn listed(
        &self,
        pool: &AnyPool,
        choices: &CartChoices<'_>,
        variant_ids: &BTreeSet<ProductVariantId>,
        language: TextLanguage,
    ) -> Result<Vec<Listed>, ApiError> {
        let key = |variant_id: ProductVariantId| (choices.site_id, choices.language_id, variant_id);
        let mut entries = Vec::with_capacity(variant_ids.len());
        let mut missing = BTreeSet::new();
        {
            let cached = self.catalog.lock().map_err(|_| poisoned())?;
            for &variant_id in variant_ids {
                match fresh(cached.get(&key(variant_id))) {
                    Some(entry) => entries.push(entry),
                    None => _ = missing.insert(variant_id),
                }
            }
        }
        if !missing.is_empty() {
            let loaded = catalog(pool, choices.site_id, &missing, language).await?;
            let mut cached = self.catalog.lock().map_err(|_| poisoned())?;
            let now = Instant::now();
            for listed in &loaded {
                cached.insert(key(listed.entry.product_variant_id), (now, listed.clone()));
            }
            entries.extend(loaded);
            entries.sort_by_key(|listed| listed.entry.product_variant_id);
        }
        Ok(entries)
    }

    /// The product of a variant the site sells, if it does.
    pub async fn product_of_variant(
        &self,
        pool: &AnyPool,
        site_id: i64,
        language_id: i64,
        variant_id: ProductVariantId,
    ) -> Result<Option<ProductId>, ApiError> {
        let language = self.text_language(pool, site_id, language_id).await?;
        let entries = self
            .catalog(
                pool,
                &lookup(site_id, language_id),
                &BTreeSet::from([variant_id]),
                language,
            )
            .await?;
        Ok(entries.first().map(|entry| entry.product_id))
    }

    /// Forgets every cached catalog entry: called after this server changed stock.
    pub fn forget_catalog(&self) {
        if let Ok(mut cached) = self.catalog.lock() {
            cached.clear();
        }
    }
}

/// The choices of a catalog lookup outside a cart: only site and language matter.
fn lookup(site_id: i64, language_id: i64) -> CartChoices<'static> {
    CartChoices {
        site_id,
        language_id,
        discount_code: None,
        shipping_method: ShippingMethod::Ordinary,
        payment_method_id: None,
        gift_card_number: None,
    }
}

fn poisoned() -> ApiError {
    ApiError::Internal("the pricing cache's lock is poisoned".to_owned())
}

async fn gift_card(
    pool: &AnyPool,
    card_number: Option<&str>,
) -> Result<Option<GiftCard>, ApiError> {
    let Some(card_number) = card_number else {
        return Ok(None);
    };
    let card = match store::gift_card_balance(pool, card_number).await? {
        Some(balance) => GiftCard {
            balance: balance
                .parse()
                .map_err(|error| corrupt("gift card", error))?,
            valid: true,
        },
        None => GiftCard {
            balance: Money::ZERO,
            valid: false,
        },
    };
    Ok(Some(card))
}

/// The engine input for a cart's lines and choices.
pub async fn cart_input(
    pool: &AnyPool,
    cache: &PricingCache,
    choices: &CartChoices<'_>,
    lines: &[LineRow],
    samples: &[SampleRow],
) -> Result<CartInput, ApiError> {
    let language = cache
        .text_language(pool, choices.site_id, choices.language_id)
        .await?;
    let site_pricing = cache.site(pool, choices.site_id).await?;
    let site = site_pricing.context.clone();
    let code_promotion = match choices.discount_code {
        Some(code) => promotion_of_code(pool, code).await?,
        None => None,
    };
    let offers: Vec<OfferedPromotion> = site_pricing
        .promotions
        .iter()
        .map(|stored| stored.offer(language))
        .collect();
    let unlocked = code_promotion.as_deref();
    let mut variant_ids: BTreeSet<ProductVariantId> =
        lines.iter().map(|line| line.product_variant_id).collect();
    variant_ids.extend(engine::promotions::free_variant_ids(&offers, unlocked));
    let catalog = cache.catalog(pool, choices, &variant_ids, language).await?;
    let promotions = engine::promotions::cart_promotions_in_catalog(
        offers,
        choices.discount_code,
        unlocked,
        &site.shipping_options,
        &catalog,
    )
    .map_err(|error| ApiError::Internal(format!("a stored {error}")))?;
    let products = lines
        .iter()
        .map(|line| CartLine {
            product_id: Some(line.product_id),
            product_variant_id: line.product_variant_id,
            count: line.count,
            rqs_samples: samples
                .iter()
                .filter(|sample| sample.product_variant_id == line.product_variant_id)
                .map(|sample| RqsSample {
                    sequence: u32::try_from(sample.sequence).unwrap_or_default(),
                    sample_name: sample.sample_name.clone(),
                })
                .collect(),
        })
        .collect();
    let shipping_method = choices.shipping_method;
    Ok(CartInput {
        site,
        catalog,
        promotions,
        products,
        // Kept when it unlocks nothing (expired, used up, another site's): the caller takes it
        // off the cart with a notice (`engine::cart::clean_up`, then `applicable`).
        discount_code: choices.discount_code.map(str::to_owned),
        shipping_method,
        payment_method_id: choices.payment_method_id,
        gift_card: gift_card(pool, choices.gift_card_number).await?,
    })
}

/// Whether this customer (by account or e-mail address) has used `code` as often as its
/// per-customer limit allows, in orders that are not cancelled (the engine's
/// [`engine::promotions::used_up_by_customer`]). A code without such a limit is never used up,
/// so its orders are not counted; neither is one for a customer the cart does not know yet.
pub async fn code_used_up_by(
    connection: &mut sqlx::AnyConnection,
    code: &str,
    account_id: Option<&str>,
    email: Option<&str>,
) -> Result<bool, ApiError> {
    let email = email.map(str::trim).filter(|email| !email.is_empty());
    if account_id.is_none() && email.is_none() {
        return Ok(false);
    }
    let Some(limit @ Some(_)) = store::per_customer_limit(connection, code).await? else {
        return Ok(false);
    };
    let used = store::orders_with_code_by(
        connection,
        code,
        email.unwrap_or_default(),
        account_id.unwrap_or_default(),
    )
    .await?;
    Ok(engine::promotions::used_up_by_customer(limit, used))
}
