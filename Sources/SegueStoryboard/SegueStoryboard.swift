// SegueStoryboard
