// SegueFlowFiles
