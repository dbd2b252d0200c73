#import "AppDelegate.h"

@implementation AppDelegate

@synthesize window, rootViewController;

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    self.window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
    self.rootViewController = [[ListViewController alloc] initWithNibName:nil bundle:nil];
    navigationController = [[UINavigationController alloc] initWithRootViewController:rootViewController];
    if ([[UIDevice currentDevice] userInterfaceIdiom] == UIUserInterfaceIdiomPad) {
        self.window.rootViewController = [[ColumnsViewController alloc] initWithMaster:navigationController];
    } else {
        self.window.rootViewController = navigationController;
    }
    [self.window makeKeyAndVisible];
    return YES;
}

@end
