@_exported import SeguePageURL

// The state's `url` is a page URL (`Window.canonicalURL`): the page URL functions come with the
// wire format, for this module and for every module that writes or reads it.
