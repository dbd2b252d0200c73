#import <UIKit/UIKit.h>

@interface SettingsViewController : UITableViewController
- (IBAction)done:(id)sender;
@end
