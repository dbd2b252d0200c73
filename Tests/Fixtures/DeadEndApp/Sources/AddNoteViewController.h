#import <UIKit/UIKit.h>

@interface AddNoteViewController : UIViewController
- (void)cancelPressed:(id)sender;
- (void)savePressed:(id)sender;
@end
