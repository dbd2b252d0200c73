#import "AppDelegate.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    UIStoryboard *main = [UIStoryboard storyboardWithName:@"Main" bundle:nil];
    UITabBarController *tabs = [[UITabBarController alloc] init];
    tabs.viewControllers = @[[main instantiateViewControllerWithIdentifier:@"home"],
                             [[UINavigationController alloc] initWithRootViewController:[main instantiateViewControllerWithIdentifier:@"inbox"]]];
    self.window.rootViewController = tabs;
    [self.window makeKeyAndVisible];
    return YES;
}

@end
