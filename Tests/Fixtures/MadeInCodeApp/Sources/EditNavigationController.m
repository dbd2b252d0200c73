#import "EditNavigationController.h"

@implementation EditNavigationController

- (void)viewDidLoad {
    [super viewDidLoad];
    [self pushViewController:[[AboutViewController alloc] init] animated:NO];
}

@end

@implementation HelpScreen

- (void)viewDidLoad {
    [super viewDidLoad];
}

@end
