import SegueCore

/// The navigation item's search bar on a page. Without script it is a form of its own (the
/// page's form takes Enter nowhere): Enter posts the text (`field.cN.search`), Cancel posts
/// it with the Cancel element, which clears it, and the page comes back with the rows that
/// match. With `controls.js` the text is sent as it is typed and the rows are replaced in place.
extension PageBuilder {
    /// The id of the form a search bar's field belongs to.
    static func searchFormID(_ elementID: String) -> String { "search-form-" + elementID }

    mutating func navigationSearch(_ search: NavigationSearch) {
        let label = search.placeholder.isEmpty ? "Search" : search.placeholder
        w.raw(search.text.isEmpty ? "<div class=\"search-bar nav-search\" role=\"search\">" : "<div class=\"search-bar nav-search has-text\" role=\"search\">")
        guard case .live(let id, let enabled) = claim(search.elementID) else {
            w.raw("<input type=\"search\" class=\"search-field\" disabled")
            w.attribute("value", search.text)
            w.attribute("aria-label", label)
            w.raw("></div>")
            return
        }
        let form = Self.searchFormID(id)
        searchForms.append(form)
        // The search form's first submit button, so Enter posts the text and taps nothing.
        w.raw("<button type=\"submit\" class=\"search-submit\" hidden tabindex=\"-1\" aria-hidden=\"true\" name=\"element\" value=\"\"")
        w.attribute("form", form)
        w.raw("></button><input type=\"search\" class=\"search-field\" autocomplete=\"off\" enterkeyhint=\"search\"")
        w.attribute("form", form)
        w.raw(" name=\"field.")
        w.text(id)
        w.raw("\"")
        w.attribute("data-element", id)
        w.flag("disabled", !enabled)
        w.attribute("value", search.text)
        w.attribute("placeholder", label)
        w.attribute("aria-label", label)
        w.raw(">")
        // Cancel: the element that clears the text while there is some; otherwise (shown while
        // the field has focus) a post that only ends the editing.
        w.raw("<button type=\"submit\" class=\"search-cancel\" name=\"element\"")
        w.attribute("form", form)
        if case .live(let cancel, _) = claim(search.cancelElementID) {
            w.attribute("value", cancel)
            w.attribute("data-element", cancel)
        } else {
            w.raw(" value=\"\"")
        }
        w.raw(">Cancel</button></div>")
    }

    /// What a search shows above the rows when none contains its text.
    mutating func searchNoResults(_ search: NavigationSearch) {
        guard search.findsNothing else { return }
        w.raw("<div class=\"search-no-results\" role=\"status\"><p class=\"search-no-results-title\">No Results</p>")
        w.raw("<p class=\"search-no-results-hint\">Check the spelling or try a new search.</p></div>")
    }

    /// The forms of the page's search bars, after the page's own form (their fields sit in it).
    mutating func searchFormElements() {
        for form in searchForms {
            w.raw("<form class=\"search-form\" method=\"post\" hidden")
            w.attribute("id", form)
            w.attribute("action", context.actionPath)
            w.raw(">")
            stateFields()
            w.raw("</form>")
        }
    }
}
