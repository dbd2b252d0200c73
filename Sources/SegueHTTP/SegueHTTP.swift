// SegueHTTP
