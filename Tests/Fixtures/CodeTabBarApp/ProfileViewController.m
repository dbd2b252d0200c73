#import "ProfileViewController.h"

@implementation ProfileViewController
- (IBAction)openSettings:(id)sender {
    [self presentViewController:[[SettingsTabBarController alloc] init] animated:YES completion:nil];
}
@end

@implementation SettingsTabBarController
- (void)viewDidLoad {
    [super viewDidLoad];
    [self setViewControllers:@[[[UINavigationController alloc] initWithRootViewController:[[AccountViewController alloc] init]]] animated:NO];
}
@end

@implementation AccountViewController
@end
