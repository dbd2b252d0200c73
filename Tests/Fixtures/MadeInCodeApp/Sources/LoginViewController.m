#import "LoginViewController.h"

@interface CardContainerController : UIViewController
@end

@implementation LoginViewController

- (IBAction)showTerms:(id)sender {
    CardContainerController *card = [[CardContainerController alloc] init];
    UINavigationController *navigation = [[UINavigationController alloc] initWithRootViewController:[[TermsViewController alloc] init]];
    [card addChildViewController:navigation];
    [self presentViewController:card animated:YES completion:nil];
}

- (IBAction)edit:(id)sender {
    EditNavigationController *navigation = [[EditNavigationController alloc] init];
    [self presentViewController:navigation animated:YES completion:nil];
}

- (IBAction)showHelp:(id)sender {
    UINavigationController *navigation = [[UINavigationController alloc] init];
    [navigation pushViewController:[[HelpScreen alloc] init] animated:NO];
    [self presentViewController:navigation animated:YES completion:nil];
}

@end
