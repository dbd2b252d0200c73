#import "AppCoordinator.h"

@interface HomeNavigationController : UINavigationController
@end

@implementation AppCoordinator

- (void)setUpWindow {
    HomeNavigationController *navigation = [HomeNavigationController rootController];
    navigation.viewControllers = @[ [HomeViewController sharedInstance] ];
    self.window.rootViewController = navigation;
}

@end

@implementation HomeViewController

- (IBAction)openAbout:(id)sender {
    [self.navigationController pushViewController:[[AboutController alloc] init] animated:YES];
}

@end

@implementation AboutController

- (instancetype)init {
    self = [super initWithNibName:@"AboutPanel" bundle:nil];
    return self;
}

@end
