//! Every mail, rendered from its templates in every culture and both brands: no missing text,
//! no English where the culture has its own, well-formed accessible HTML whose links stay on
//! the shop's trusted origin; and the mails the shop really sends from the outbox.

use host_server::mail::catalog::{COMPLETE_CULTURES, CULTURES};
use host_server::mail::{
    AccountLink, Brand, InvoiceMail, Labelled, Mail, OrderMail, OrderMailLine, OrderNotice,
    ProductNotice, Renderer, ReturnMail, ScanResultMail,
};
use scraper::{Html, Selector};
use serde_json::json;

use crate::orders::{expect_ok, ideal, pay, place, ready_cart};
use crate::support::{Backend, TestApp};

const HOME: &str = "https://hoefslag.localhost/";

fn link(path: &str) -> String {
    format!("{HOME}{}", path.trim_start_matches('/'))
}

/// One of every mail, with content that exercises every branch of its template.
fn every_mail() -> Vec<Mail> {
    let account = |path: &str| AccountLink {
        name: "Łukasz".to_owned(),
        link: link(&format!("{path}?token=abc&userId=u1")),
    };
    let notice = |payment_failed, track_and_trace: Option<&str>| OrderNotice {
        name: "Anna".to_owned(),
        number: "HS-2026-001001".to_owned(),
        payment_failed,
        track_and_trace: track_and_trace.map(str::to_owned),
        link: link("/account/orders/HS-2026-001001/"),
    };
    vec![
        Mail::Activation(account("/account/confirm/")),
        Mail::PasswordReset(account("/account/reset/")),
        Mail::EmailChange(account("/account/confirm-email/")),
        Mail::OrderConfirmation(Box::new(OrderMail {
            name: "Anna".to_owned(),
            number: "HS-2026-001001".to_owned(),
            lines: vec![
                OrderMailLine {
                    quantity: 2,
                    description: "Hoefslag Sport Muesli <20 kg>".to_owned(),
                    amount: "€ 59,31".to_owned(),
                    free: false,
                },
                OrderMailLine {
                    quantity: 1,
                    description: "Maatschep".to_owned(),
                    amount: "€ 0,00".to_owned(),
                    free: true,
                },
                OrderMailLine {
                    quantity: 1,
                    description: "Ruwvoeranalyse Quickscan".to_owned(),
                    amount: "€ 39,95".to_owned(),
                    free: false,
                },
            ],
            discounts: vec![Labelled {
                label: "10% op muesli".to_owned(),
                amount: "€ 6,59".to_owned(),
            }],
            subtotal: "€ 99,26".to_owned(),
            shipping: "€ 0,00".to_owned(),
            payment_costs: "€ 0,00".to_owned(),
            vat: vec![
                Labelled {
                    label: "9".to_owned(),
                    amount: "€ 4,90".to_owned(),
                },
                Labelled {
                    label: "21".to_owned(),
                    amount: "€ 6,93".to_owned(),
                },
            ],
            total: "€ 99,26".to_owned(),
            gift_card: Some("€ 9,90".to_owned()),
            to_pay: "€ 89,36".to_owned(),
            billing: vec![
                "Anna Jansen".to_owned(),
                "Stal & Co".to_owned(),
                "Oudegracht 12".to_owned(),
                "3511 AP Utrecht".to_owned(),
            ],
            delivery: Some(vec!["Anna Jansen".to_owned(), "Weide 1".to_owned()]),
            payment_method: Some("iDEAL".to_owned()),
            samples: vec!["Hooi perceel 3".to_owned()],
            scan_order: true,
            link: Some(link("/account/orders/HS-2026-001001/")),
        })),
        Mail::OrderCancelled(notice(true, None)),
        Mail::OrderCancelled(notice(false, None)),
        Mail::OrderShipped(notice(false, Some("3SABCD1234567"))),
        Mail::OrderShipped(notice(false, None)),
        Mail::InvoiceAvailable(InvoiceMail {
            name: "Anna".to_owned(),
            number: "HS-2026-001001".to_owned(),
            invoice: "F2026-01001".to_owned(),
            link: link("/account/invoices/"),
        }),
        Mail::ReturnReceived(ReturnMail {
            name: "Anna".to_owned(),
            number: "HS-2026-001001".to_owned(),
            quantity: 1,
            product: "Hoefslag Sport Muesli".to_owned(),
            link: link("/account/returns/"),
        }),
        Mail::ScanResult(ScanResultMail {
            name: "Anna".to_owned(),
            number: "HS-2026-001001".to_owned(),
            sample: "Hooi perceel 3".to_owned(),
            link: link("/account/rqs-results/"),
        }),
        Mail::BackInStock(ProductNotice {
            name: String::new(),
            product: "Hoefslag Sport Muesli".to_owned(),
            link: link("/p/1/"),
        }),
        Mail::ReviewRequest(ProductNotice {
            name: "Anna".to_owned(),
            product: "Hoefslag Sport Muesli".to_owned(),
            link: link("/p/1/#review"),
        }),
    ]
}

fn brands() -> [Brand; 2] {
    let home = url::Url::parse(HOME).unwrap();
    [
        Brand::new("Hoefslag", "default", 0, &home),
        Brand::new("Weidegroen", "green", 1, &home),
    ]
}

/// Checks the HTML part: parsed by html5ever (via scraper) without a single parse error, the
/// culture in `lang`, every link on the trusted origin, tables either layout
/// (`role="presentation"`) or data tables with header cells, and every image with an `alt`.
fn check_html(html: &str, culture: &str, context: &str) {
    let document = Html::parse_document(html);
    assert!(
        document.errors.is_empty(),
        "{context}: {:?}\n{html}",
        document.errors
    );
    let root = document.root_element();
    assert_eq!(root.value().attr("lang"), Some(culture), "{context}");
    let anchors = Selector::parse("a").unwrap();
    let mut links = 0;
    for anchor in document.select(&anchors) {
        let href = anchor.value().attr("href").unwrap_or_default();
        assert!(
            href.starts_with(HOME),
            "{context}: a link off the trusted origin: {href}"
        );
        assert!(
            !anchor.text().collect::<String>().trim().is_empty(),
            "{context}: a link without text"
        );
        links += 1;
    }
    assert!(
        links >= 2,
        "{context}: the word mark and the footer link at least"
    );
    let tables = Selector::parse("table").unwrap();
    let headers = Selector::parse("th").unwrap();
    for table in document.select(&tables) {
        let layout = table.value().attr("role") == Some("presentation");
        assert!(
            layout || table.select(&headers).next().is_some(),
            "{context}: a data table without headers"
        );
    }
    let images = Selector::parse("img").unwrap();
    for image in document.select(&images) {
        assert!(
            image.value().attr("alt").is_some(),
            "{context}: an image without alt"
        );
    }
    let title = Selector::parse("title").unwrap();
    assert!(
        document.select(&title).next().is_some(),
        "{context}: no title"
    );
}

#[test]
fn every_mail_renders_in_every_culture_and_brand() {
    let renderer = Renderer::new().unwrap();
    for brand in brands() {
        let english: Vec<_> = every_mail()
            .iter()
            .map(|mail| renderer.render(mail, "en", &brand).unwrap())
            .collect();
        let dutch: Vec<_> = every_mail()
            .iter()
            .map(|mail| renderer.render(mail, "nl", &brand).unwrap())
            .collect();
        for culture in CULTURES {
            for (index, mail) in every_mail().iter().enumerate() {
                let context = format!("{} {} in {culture}", brand.name, mail.template());
                let rendered = renderer
                    .render(mail, culture, &brand)
                    .unwrap_or_else(|error| panic!("{context}: {error}"));
                for part in [&rendered.subject, &rendered.text, &rendered.html] {
                    assert!(
                        !part.contains("{{") && !part.contains("}}"),
                        "{context}: a placeholder left: {part}"
                    );
                }
                let words = |text: &str| {
                    text.split(|c: char| !c.is_alphanumeric())
                        .any(|word| word == "none")
                };
                assert!(
                    !words(&rendered.subject) && !words(&rendered.text),
                    "{context}: an empty value printed"
                );
                assert!(
                    !rendered.html.contains(">none<") && !rendered.html.contains(" none<"),
                    "{context}: an empty value printed"
                );
                assert!(
                    !rendered.subject.is_empty() && !rendered.subject.contains('\n'),
                    "{context}"
                );
                if culture != "en" {
                    assert_ne!(
                        rendered.subject, english[index].subject,
                        "{context}: English subject"
                    );
                    assert_ne!(
                        rendered.text, english[index].text,
                        "{context}: English text"
                    );
                }
                if COMPLETE_CULTURES.contains(&culture) && culture != "nl" {
                    assert_ne!(rendered.text, dutch[index].text, "{context}: Dutch text");
                }
                if let Some((href, _)) = mail.action() {
                    assert!(
                        rendered.text.contains(href),
                        "{context}: the text part lacks its link"
                    );
                    let first = rendered.text.find("http").unwrap();
                    assert!(
                        rendered.text[first..].starts_with(href),
                        "{context}: the first link is not the action"
                    );
                    let document = Html::parse_document(&rendered.html);
                    let anchors = Selector::parse("a").unwrap();
                    assert!(
                        document
                            .select(&anchors)
                            .any(|anchor| anchor.value().attr("href") == Some(href)),
                        "{context}: the HTML part lacks its link"
                    );
                }
                check_html(&rendered.html, culture, &context);
                assert!(
                    rendered.html.contains(&brand.name),
                    "{context}: no word mark"
                );
            }
        }
    }
}

#[test]
fn the_order_confirmation_shows_every_part_of_the_order() {
    let renderer = Renderer::new().unwrap();
    let [hoefslag, weidegroen] = brands();
    let mail = &every_mail()[3];
    let rendered = renderer.render(mail, "nl", &hoefslag).unwrap();
    assert_eq!(
        rendered.subject,
        "Bevestiging van je bestelling HS-2026-001001 bij Hoefslag"
    );
    let text = &rendered.text;
    for expected in [
        "Hallo Anna,\n\nBedankt voor je bestelling HS-2026-001001. Dit heb je besteld:\n\n",
        "2 x Hoefslag Sport Muesli <20 kg>  € 59,31\n",
        "1 x Maatschep  gratis\n",
        "Korting 10% op muesli: -€ 6,59\n",
        "Verzendkosten: € 0,00\nBetaalkosten: € 0,00\nTotaal (incl. btw): € 99,26\nBtw 9%: € 4,90\nBtw 21%: € 6,93\n",
        "Betaald met cadeaukaart: € 9,90\nTe betalen: € 89,36\nBetaalmethode: iDEAL\n",
        "Factuuradres:\nAnna Jansen\nStal & Co\nOudegracht 12\n3511 AP Utrecht\n",
        "Bezorgadres:\nAnna Jansen\nWeide 1\n",
        "Je monsters insturen\nNeem van elke partij",
        "Monsters: Hooi perceel 3\n",
        "Bekijk je bestelling:\nhttps://hoefslag.localhost/account/orders/HS-2026-001001/\n",
        "Met vriendelijke groet,\nHoefslag\n",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    // The HTML escapes what the customer typed.
    assert!(
        rendered
            .html
            .contains("Hoefslag Sport Muesli &lt;20 kg&gt;")
    );
    assert!(rendered.html.contains("Stal &amp; Co"));
    assert!(
        rendered.html.contains("background-color:#1f6130"),
        "Hoefslag's colour"
    );

    // Regional wording and the second brand's.
    let austrian = renderer.render(mail, "de-AT", &hoefslag).unwrap();
    assert!(
        austrian.text.contains("USt. 9 %: € 4,90\n")
            && austrian.text.contains("Zu zahlen: € 89,36\n"),
        "{}",
        austrian.text
    );
    let belgian_french = renderer.render(mail, "fr-BE", &hoefslag).unwrap();
    assert!(
        belgian_french.text.contains("À payer : € 89,36")
            || belgian_french.text.contains("À payer: € 89,36"),
        "{}",
        belgian_french.text
    );
    let green = renderer.render(mail, "nl-BE", &weidegroen).unwrap();
    assert!(
        green
            .text
            .contains("Hartelijke groet uit de wei,\nWeidegroen\n"),
        "{}",
        green.text
    );
    assert!(
        green.text.contains("Leveringsadres:"),
        "Belgian Dutch wording under the brand's"
    );
    assert!(
        green.html.contains("background-color:#3a5c1c")
            && green.html.contains("&#x27;PT Serif&#x27;, Georgia"),
        "Weidegroen's look"
    );
}

async fn shop(backend: Backend) -> TestApp {
    TestApp::spawn_with(backend, |config| {
        config.import_fixtures = host_server::config::ImportFixtures::Auto;
        config.backoffice_api_key = Some(host_server::config::Secret::new("mail-test-key"));
    })
    .await
}

async fn the_shop_sends_the_order_mails_as_html_and_text_on_its_trusted_origin(backend: Backend) {
    sqlx::any::install_default_drivers();
    let app = shop(backend).await;
    let cart = ready_cart(&app, 1011, 2, ideal()).await;
    let (status, placed) = place(&app, &cart).await;
    assert_eq!(status, 201, "{placed}");
    pay(&app, placed["redirectUrl"].as_str().unwrap(), "paid").await;
    let number = placed["order"]["orderNumber"].as_str().unwrap().to_owned();
    let port = url::Url::parse(&app.url("/")).unwrap().port().unwrap();
    let origin = format!("http://hoefslag.localhost:{port}/");

    let mails = app.outbox_with(1).await;
    let confirmation = mails
        .iter()
        .find(|mail| mail.subject == format!("Bevestiging van je bestelling {number} bij Hoefslag"))
        .expect("the confirmation");
    let html = confirmation.html.as_deref().expect("an HTML part");
    let document = Html::parse_document(html);
    assert!(document.errors.is_empty(), "{:?}", document.errors);
    assert_eq!(document.root_element().value().attr("lang"), Some("nl"));
    for anchor in document.select(&Selector::parse("a").unwrap()) {
        let href = anchor.value().attr("href").unwrap();
        assert!(href.starts_with(&origin), "{href}");
    }
    assert!(
        html.contains("Hoefslag Sport Muesli") && html.contains("€ 59,31"),
        "{html}"
    );
    assert!(
        confirmation.body.contains("Betaalmethode: iDEAL\n"),
        "{}",
        confirmation.body
    );
    assert!(
        confirmation
            .body
            .contains("Factuuradres:\nAnna Jansen\nOudegracht 12\n3511 AP Utrecht\n"),
        "{}",
        confirmation.body
    );
    assert!(
        confirmation.body.contains("Btw 9%: € 4,90\n"),
        "{}",
        confirmation.body
    );

    // The shop owner sends the parcel with its code: the shipped mail carries it.
    let put = |query: String| {
        let request = app
            .client
            .put(app.url(&format!("/api/backoffice/orders/{number}/status?{query}")))
            .header("x-api-key", "mail-test-key");
        async move { expect_ok(request.send().await.unwrap()).await }
    };
    put("status=processing".to_owned()).await;
    put("status=sent&trackAndTrace=3SABC123".to_owned()).await;
    let mails = app.outbox_with(mails.len() + 1).await;
    let shipped = mails.last().unwrap();
    assert_eq!(
        shipped.subject,
        format!("Je bestelling {number} is onderweg")
    );
    assert!(
        shipped.body.contains("Je track-and-tracecode: 3SABC123\n"),
        "{}",
        shipped.body
    );
    assert_eq!(
        shipped.link(),
        format!("{origin}"),
        "a guest order links to the shop"
    );
    assert_eq!(json!(shipped.to), json!("anna@example.com"));
}

async fn a_failed_payment_sends_the_cancellation(backend: Backend) {
    sqlx::any::install_default_drivers();
    let app = shop(backend).await;
    let cart = ready_cart(&app, 1011, 1, ideal()).await;
    let (_, placed) = place(&app, &cart).await;
    pay(&app, placed["redirectUrl"].as_str().unwrap(), "failed").await;
    let number = placed["order"]["orderNumber"].as_str().unwrap();
    let mails = app.outbox_with(1).await;
    let cancelled = mails
        .iter()
        .find(|mail| mail.subject == format!("Je bestelling {number} bij Hoefslag is geannuleerd"))
        .expect("the cancellation");
    assert!(
        cancelled.body.contains(&format!(
            "De betaling van je bestelling {number} is niet gelukt."
        )),
        "{}",
        cancelled.body
    );
    assert!(cancelled.html.is_some());
}

mod sqlite {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_shop_sends_the_order_mails_as_html_and_text_on_its_trusted_origin() {
        super::the_shop_sends_the_order_mails_as_html_and_text_on_its_trusted_origin(
            Backend::Sqlite,
        )
        .await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_failed_payment_sends_the_cancellation() {
        super::a_failed_payment_sends_the_cancellation(Backend::Sqlite).await;
    }
}

mod postgres {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn the_shop_sends_the_order_mails_as_html_and_text_on_its_trusted_origin() {
        super::the_shop_sends_the_order_mails_as_html_and_text_on_its_trusted_origin(
            Backend::Postgres,
        )
        .await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "needs PostgreSQL on 127.0.0.1:5432 (scripts/test.sh runs it when one answers)"]
    async fn a_failed_payment_sends_the_cancellation() {
        super::a_failed_payment_sends_the_cancellation(Backend::Postgres).await;
    }
}
