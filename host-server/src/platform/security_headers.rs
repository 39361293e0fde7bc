//! The content security policy of every answer: the storefront's own files, and a third party's
//! origin only where the shop uses it (see `SECURITY.md`):
//! - the advice videos' players, in frames, from the hosts' privacy-enhanced origins (the
//!   storefront embeds them only after the visitor consented, `features/content/AdvicePages.tsx`);
//! - the captcha service (script, frame, calls) while captchas are checked (`CAPTCHA_SCRIPT_URL`);
//! - the map tile host (images) when a tile service is configured (`MAP_TILE_URL`);
//! - the tag manager's origins on the pages of a site with a tag manager key.

/// The video players' origins the storefront embeds: YouTube's privacy-enhanced mode and Vimeo's
/// player (with `dnt=1`).
pub const VIDEO_PLAYER_ORIGINS: &str = "https://www.youtube-nocookie.com https://player.vimeo.com";

/// What Google Tag Manager with Google Analytics 4 loads, as Google's content security policy
/// guide lists it: the container's script and its frame (the `noscript` fallback and its
/// service worker) from the tag manager, the measurement calls and pixels to Analytics.
pub mod tag_manager {
    /// `script-src`: the container (`gtm.js`) and the `gtag.js` it loads.
    pub const SCRIPTS: &str = "https://*.googletagmanager.com";
    /// `img-src`: Analytics' and the tag manager's pixels.
    pub const IMAGES: &str = "https://*.google-analytics.com https://*.googletagmanager.com";
    /// `connect-src`: Analytics' measurement calls.
    pub const CONNECTIONS: &str = "https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com";
    /// `frame-src`: the tag manager's own frame.
    pub const FRAMES: &str = "https://www.googletagmanager.com";
}

/// The policy without third-party options: [`policy`] of [`ThirdParties::default`].
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; \
     frame-src https://www.youtube-nocookie.com https://player.vimeo.com; object-src 'none'; \
     base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The back office's policy (`/admin/`): its own scripts, styles, fonts and images only; no
/// WebAssembly, no third party, never framed.
pub const BACKOFFICE_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; \
     object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The third parties an answer's policy allows besides the storefront's own origin.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ThirdParties {
    /// The captcha widget's origin, while captchas are checked.
    pub captcha: Option<String>,
    /// The map tiles' origin, when a tile service is configured.
    pub map_tiles: Option<String>,
    /// True on the pages of a site with a tag manager key.
    pub tag_manager: bool,
}

/// A directive with its sources, the optional ones left out when absent.
fn directive(name: &str, sources: &[Option<&str>]) -> String {
    let mut text = name.to_owned();
    for source in sources.iter().flatten() {
        text.push(' ');
        text.push_str(source);
    }
    text
}

/// The policy for these third parties. Without any: its own scripts (and WebAssembly compiled
/// from its own files), styles, fonts and images, no inline script, never framed; frames only
/// the video players.
pub fn policy(third: &ThirdParties) -> String {
    let captcha = third.captcha.as_deref();
    let tags = |sources: &'static str| third.tag_manager.then_some(sources);
    [
        "default-src 'self'".to_owned(),
        directive(
            "script-src",
            &[
                Some("'self' 'wasm-unsafe-eval'"),
                captcha,
                tags(tag_manager::SCRIPTS),
            ],
        ),
        "style-src 'self' 'unsafe-inline'".to_owned(),
        directive(
            "img-src",
            &[
                Some("'self' data: blob:"),
                third.map_tiles.as_deref(),
                tags(tag_manager::IMAGES),
            ],
        ),
        "font-src 'self'".to_owned(),
        directive(
            "connect-src",
            &[Some("'self'"), captcha, tags(tag_manager::CONNECTIONS)],
        ),
        directive(
            "frame-src",
            &[
                captcha,
                Some(VIDEO_PLAYER_ORIGINS),
                tags(tag_manager::FRAMES),
            ],
        ),
        "object-src 'none'".to_owned(),
        "base-uri 'self'".to_owned(),
        "form-action 'self'".to_owned(),
        "frame-ancestors 'none'".to_owned(),
    ]
    .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_third_parties_only_the_video_players_are_framed() {
        assert_eq!(policy(&ThirdParties::default()), CONTENT_SECURITY_POLICY);
        assert_eq!(
            policy(&ThirdParties::default()),
            "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; \
             img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; \
             frame-src https://www.youtube-nocookie.com https://player.vimeo.com; object-src 'none'; \
             base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
        );
    }

    #[test]
    fn each_third_party_is_allowed_where_it_is_used() {
        let all = ThirdParties {
            captcha: Some("https://challenges.cloudflare.com".to_owned()),
            map_tiles: Some("https://tile.openstreetmap.org".to_owned()),
            tag_manager: true,
        };
        assert_eq!(
            policy(&all),
            "default-src 'self'; \
             script-src 'self' 'wasm-unsafe-eval' https://challenges.cloudflare.com https://*.googletagmanager.com; \
             style-src 'self' 'unsafe-inline'; \
             img-src 'self' data: blob: https://tile.openstreetmap.org https://*.google-analytics.com https://*.googletagmanager.com; \
             font-src 'self'; \
             connect-src 'self' https://challenges.cloudflare.com https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com; \
             frame-src https://challenges.cloudflare.com https://www.youtube-nocookie.com https://player.vimeo.com https://www.googletagmanager.com; \
             object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
        );
    }
}
