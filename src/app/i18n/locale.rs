//! The system's interface language, for a first start: on Linux and the other Unix systems
//! the POSIX variables (`LC_ALL`, then `LC_MESSAGES`, then `LANG`, with GNU's `LANGUAGE`
//! list over them unless the locale is `C`); on Windows the user's UI language and on macOS
//! the preferred languages, both through `sys-locale`.

use super::Language;

/// The language a locale name or tag stands for: `ru_RU.UTF-8`, `ru-RU`, `ru` → Russian;
/// anything else we have no text for → `None`.
pub fn from_tag(tag: &str) -> Option<Language> {
    let lang = tag.split(['_', '-', '.', '@']).next().unwrap_or("").to_ascii_lowercase();
    match lang.as_str() {
        "ru" => Some(Language::Russian),
        "en" => Some(Language::English),
        _ => None,
    }
}

/// The language POSIX's variables pick (each `None` when unset): the first set of `LC_ALL`,
/// `LC_MESSAGES`, `LANG` is the messages locale; unless that is `C`/`POSIX`, `LANGUAGE`'s
/// first language we have wins. English for anything else.
pub fn from_posix(lc_all: Option<&str>, lc_messages: Option<&str>, lang: Option<&str>, language: Option<&str>) -> Language {
    let locale = [lc_all, lc_messages, lang].into_iter().flatten().find(|v| !v.is_empty()).unwrap_or("C");
    if matches!(locale, "C" | "POSIX") || locale.starts_with("C.") {
        return Language::English;
    }
    language.into_iter().flat_map(|l| l.split(':')).find_map(from_tag).or_else(|| from_tag(locale)).unwrap_or(Language::English)
}

/// The system's interface language (English when it is one we have no text for).
#[cfg(any(windows, target_os = "macos"))]
pub fn system_language() -> Language {
    sys_locale::get_locale().as_deref().and_then(from_tag).unwrap_or(Language::English)
}

/// The system's interface language (English when it is one we have no text for).
#[cfg(not(any(windows, target_os = "macos")))]
pub fn system_language() -> Language {
    let var = |n: &str| std::env::var(n).ok();
    from_posix(var("LC_ALL").as_deref(), var("LC_MESSAGES").as_deref(), var("LANG").as_deref(), var("LANGUAGE").as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;
    use Language::*;

    #[test]
    fn posix_variables_in_their_order() {
        assert_eq!(from_posix(None, None, Some("ru_RU.UTF-8"), None), Russian);
        assert_eq!(from_posix(None, None, Some("de_DE.UTF-8"), None), English);
        assert_eq!(from_posix(Some("en_GB.UTF-8"), Some("ru_RU.UTF-8"), Some("ru_RU.UTF-8"), None), English);
        assert_eq!(from_posix(Some(""), Some("ru_RU.KOI8-R"), Some("en_US.UTF-8"), None), Russian);
        assert_eq!(from_posix(None, None, None, None), English);
        assert_eq!(from_posix(None, None, Some("C.UTF-8"), Some("ru")), English, "LANGUAGE is ignored under C");
        assert_eq!(from_posix(None, None, Some("uk_UA.UTF-8"), Some("uk:ru:en")), Russian);
        assert_eq!(from_posix(None, None, Some("ru_RU.UTF-8"), Some("en_US")), English);
    }

    #[test]
    fn tags() {
        assert_eq!(from_tag("ru-RU"), Some(Russian));
        assert_eq!(from_tag("RU"), Some(Russian));
        assert_eq!(from_tag("en-US"), Some(English));
        assert_eq!(from_tag("fr-FR"), None);
        assert_eq!(from_tag(""), None);
    }
}
