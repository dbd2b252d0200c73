@interface EditNavigationController : UINavigationController
@end

@interface CardContainerController : UIViewController
@end

@implementation EditNavigationController
- (void)viewDidLoad {
    [super viewDidLoad];
    [self pushViewController:[[AboutViewController alloc] init] animated:NO];
}
@end

@implementation LoginViewController
- (IBAction)showTerms:(id)sender {
    CardContainerController *card = [[CardContainerController alloc] init];
    UINavigationController *navigation = [[UINavigationController alloc] initWithRootViewController:[[TermsViewController alloc] init]];
    [card addChildViewController:navigation];
    [self presentViewController:card animated:YES completion:nil];
}

- (void)presentModally:(UIViewController *)vc {
    [self presentModally:vc];
    [self presentViewController:vc animated:YES completion:nil];
}

- (IBAction)showHelp:(id)sender {
    UINavigationController *navigation = [[UINavigationController alloc] init];
    [navigation pushViewController:[[HelpScreen alloc] init] animated:NO];
    [self presentModally:navigation];
}
@end
