// SegueServer
