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

@end
