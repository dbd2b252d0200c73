#import "AppDelegate.h"

@implementation AppDelegate

@synthesize window, rootViewController;

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    self.window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
    self.rootViewController = [[ListViewController alloc] initWithNibName:nil bundle:nil];
    navigationController = [[UINavigationController alloc] initWithRootViewController:rootViewController];
    if ([[UIDevice currentDevice] userInterfaceIdiom] == UIUserInterfaceIdiomPhone) {
        self.window.rootViewController = navigationController;
    } else {
        self.window.rootViewController = [[ColumnsViewController alloc] initWithMaster:navigationController];
    }
    [self.window makeKeyAndVisible];
    return YES;
}

@end
