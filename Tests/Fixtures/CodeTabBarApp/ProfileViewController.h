#import <UIKit/UIKit.h>

@interface ProfileViewController : UIViewController
@end

@interface SettingsTabBarController : UITabBarController
@end

@interface AccountViewController : UIViewController
@end
