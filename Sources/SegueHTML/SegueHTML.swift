// SegueHTML
