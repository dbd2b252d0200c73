#import "AppDelegate.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
    UIStoryboard *board = [UIStoryboard storyboardWithName:@"Main" bundle:nil];
    UITabBarController *tabs = [board instantiateViewControllerWithIdentifier:@"tabs"];
    tabs.selectedIndex = 1;
    self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:tabs];
    [self.window makeKeyAndVisible];
    return YES;
}

@end

@implementation FeedViewController

- (void)showDetail {
    DetailViewController *detail = [[DetailViewController alloc] init];
    [self.navigationController pushViewController:detail animated:YES];
}

@end
