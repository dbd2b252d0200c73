#import <UIKit/UIKit.h>

@class ListViewController;

@interface AppDelegate : UIResponder <UIApplicationDelegate>
@property (nonatomic, strong) UIWindow *window;
@property (nonatomic, strong) ListViewController *rootViewController;
@end
