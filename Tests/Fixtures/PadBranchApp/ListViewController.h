#import <UIKit/UIKit.h>

@interface ListViewController : UITableViewController
@end

@interface ColumnsViewController : UIViewController
- (id)initWithMaster:(UIViewController *)master;
@end
